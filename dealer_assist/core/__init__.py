"""What every table shares (no I/O): hands and their mechanics (``hand``), the plain dealer
who stands on all 17s (``dealer``), generated copies (``copier``). Cards and totals are in
``dealer_assist.cards``. Each table's rules (``dealer_assist.tables.onemillion`` for One Million,
``dealer_assist.tables.casino`` for the casino table) call these; the session, the store, the audit,
the report and the prompt reach a table only through ``dealer_assist.rulesets``."""
