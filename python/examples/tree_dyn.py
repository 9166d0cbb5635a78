"""Tree-dyn (docs/model.md §4) written as a Python policy: the same makespans as the built-in
tree-dyn, to the bit.

    reducelab-cli mc --policy tree_dyn.py --algo tree-dyn,tree-dyn-py --n 64 --replicates 1000
"""
import reducelab


class TreeDynPy(reducelab.Policy):
    """Tree-dyn in Python: an idle processor enters the empty slot, or sends its value to the
    processor waiting there."""

    name = "tree-dyn-py"
    commutative_only = True  # it pairs processors whatever their values

    def reset(self, n):
        self.slot = None  # the processor waiting in the slot

    def on_idle(self, engine, p):
        if self.slot is None:
            self.slot = p
        else:
            engine.start_transfer(p, self.slot)
            self.slot = None
