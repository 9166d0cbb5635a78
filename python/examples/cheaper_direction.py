"""A clairvoyant policy on fixed costs (a matrix or a preset): Tree-dyn's pairs, each sent the
cheaper way. When a processor becomes idle and another waits, the one of the two directions
with the smaller transfer-plus-reduction cost is taken.

    reducelab-cli run --policy cheaper_direction.py --algo cheaper-direction \\
        --preset worstcase:1:4:0 --n 8
"""
import reducelab


class CheaperDirection(reducelab.Policy):
    """Tree-dyn's pairs, each sent in its cheaper direction (reads the fixed costs)."""

    name = "cheaper-direction"
    clairvoyant = True  # reads engine.transfer_cost and engine.reduction_cost: fixed costs only
    commutative_only = True

    def reset(self, n):
        self.slot = None

    def on_idle(self, engine, p):
        if self.slot is None:
            self.slot = p
            return
        q, self.slot = self.slot, None
        if engine.transfer_cost(p, q) + engine.reduction_cost(q) <= (
                engine.transfer_cost(q, p) + engine.reduction_cost(p)):
            engine.start_transfer(p, q)
        else:
            engine.start_transfer(q, p)
