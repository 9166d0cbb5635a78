"""Two slots: a variant of Tree-dyn that none of the papers studies. Up to two idle processors
wait; a processor that becomes idle while both slots are taken sends its value to the one that
has waited longest. The last processors left pair up, so the run always ends.

    reducelab-cli mc --policy two_slots.py --algo tree-dyn,two-slots --n 64 --replicates 10000
"""
import reducelab


class TwoSlots(reducelab.Policy):
    """Tree-dyn with two slots: wait while a slot is free, else send to the longest waiter."""

    name = "two-slots"
    commutative_only = True

    def reset(self, n):
        self.waiting = []  # idle processors, the longest waiting first
        self.unsent = n  # processors that have not sent their value

    def on_idle(self, engine, p):
        # Wait while a slot is free and someone else (not waiting) can still come to pair.
        if len(self.waiting) < 2 and self.unsent > len(self.waiting) + 1:
            self.waiting.append(p)
        elif self.waiting:
            engine.start_transfer(p, self.waiting.pop(0))
            self.unsent -= 1

    def describe(self, engine, p):
        if p in self.waiting:
            return f"is idle and takes slot {len(self.waiting)} of 2"
        return None  # the generic sentence
