"""Saikoro (seed 002): the score table of a three-player mahjong game in which every winner rolls
the dice (チンチロ) and the roll multiplies, or reverses, the points and the chips (祝儀).

The scorekeeper types each hand's result and each roll; the rules (``data/SAIKORO.md``) say
what the sheet forces. The modules follow the rulebook's sections: ``options`` (SAI-14, the
table's open points), ``value`` (a win's points, through the ``mahjong`` package), ``chips``
(SAI-3…5, 9, 10), ``dice`` (SAI-6…8, 11: what a roll is and what it pays), ``hand`` (SAI-1, 13:
seats, dealer, 本場, riichi sticks, the end), ``win`` and ``roll`` (a win and its dice), ``draw``
(SAI-11, ノーテン罰符), ``final`` (SAI-2, the final table), ``apply`` (the fold).
"""
