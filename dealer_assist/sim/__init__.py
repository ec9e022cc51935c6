"""The simulator's workers (``dealer-assist simulate``; the front is ``dealer_assist.simulate``).

Every game is played through the tables' own rules engines — the casino table's
``casino.apply.step_in_place`` and One Million's ``engine.apply.step`` — fed the commands a
dealer would type, from a real shoe held here: ``shoe`` (the shoes), ``casino`` (the casino
table: house edge, and the five-round game against CPU players), ``quest`` (One Million
quests), ``stats`` (means, proportions and their 95% intervals), ``chart`` (the HTML page).
"""
