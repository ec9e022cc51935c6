"""dealer-assist: the dealer's companion for the Mission One Million blackjack quest.

Layers (visible in the module names):

- ``notation``      text  <->  commands (knows nothing of the table)
- ``engine``        pure rules: ``state = apply(state, event)`` (no I/O)
- ``store``         SQLite session store (sqlite-utils)
- ``cli`` / ``render``  click commands and rich output
"""

__version__ = "0.1.0"
