"""The simulator's shared machinery (``dealer-assist simulate``), whatever the table: ``runner``
(the checks every run has, the chunks and their seeds, the pool of workers), ``progress`` (how
far the workers are, for the bar), ``stats`` (means, proportions and their 95% intervals),
``tables`` (the simulations the tables declare, found through the registry), ``words`` (the
sentences of a result, the speed's), ``chart`` (the HTML page).

Each table's simulation is its own (``dealer_assist.core.simulation.Simulation``, in the table's
package: ``tables/casino/simulation``, ``tables/onemillion/simulation``): its options, its
workers — every game played through the table's own rules engine, fed the commands a dealer
would type, from a real shoe — its sums and its sentences. Nothing here names a table.
"""
