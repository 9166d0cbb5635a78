#pragma once

namespace rl {

/// Non-Commut-Tree-dyn (RR §3.2): an idle processor sends its value to an idle processor holding
/// an adjacent interval, the left one when both are idle; otherwise it waits among the idle.
/// The set of waiting processors is exactly the idle ones, so it needs no storage of its own:
/// the engine's interval holders find the neighbours in O(1).
class NonCommutTreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = true;

    void reset(int /*n*/) {}
    template <class E> void onIdle(E& e, int p) {
        const int lo = e.lo(p);
        const int hi = e.hi(p);
        if (lo > 0) {
            const int left = e.holderEndingAt(lo - 1);
            if (e.isIdle(left)) {
                e.startTransfer(p, left);
                return;
            }
        }
        if (hi < e.n() - 1) {
            const int right = e.holderStartingAt(hi + 1);
            if (e.isIdle(right)) {
                e.startTransfer(p, right);
            }
        }
    }
    template <class E> void onTransferEnd(E& /*e*/, int /*r*/) {}
    template <class E> void onReductionEnd(E& /*e*/, int /*r*/) {}
};

} // namespace rl
