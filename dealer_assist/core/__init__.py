"""What every table shares, with no I/O — the core the shell and the tables stand on:

- ``table``: the table interface (``Ruleset``, ``Screens``, ``Capabilities``, ``TableState``,
  ``Viewpoint``, ``Topic``, ``StoreViews``, ``Examples``), what a table provides and the shell
  relies on (docs/TABLES.md);
- ``session``: the fold over accepted commands, with undo and checkpoints; ``snapshot``: a state
  as JSON and back (the resume cache); ``history``: the finished games; ``expectation``: what
  comes next; ``step``: a ruling and the working context of one step;
- blackjack, for the tables that deal it: ``hand`` (a hand, its split and double), ``dealer``
  (the dealer's turn, with the table's rule), ``play`` (the hand actions, configured by each
  table), ``strategy`` (basic strategy);
- ``simulation``: what a table's simulation provides; ``copier``: generated fast copies.

Cards and totals are in ``dealer_assist.cards``. The shell reaches a table only through
``dealer_assist.rulesets``; nothing here imports a table.
"""
