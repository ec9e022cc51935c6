"""The tables the tool deals: one package each, registered here by name.

This is the one registration a table needs (``docs/TABLES.md``): its package's ``ruleset``
module is named here and imported when the table is first used. No shared module imports a
table's package; they reach a table only through ``dealer_assist.rulesets``.
"""

# name: the module that defines the table's RULESET
TABLES = {
    "onemillion": "dealer_assist.tables.onemillion.ruleset",
    "casino": "dealer_assist.tables.casino.ruleset",
}
