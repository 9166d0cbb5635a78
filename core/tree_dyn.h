#pragma once

namespace rl {

/// Tree-dyn (RR §3.2): one slot; an idle processor enters the empty slot, or else empties it and
/// sends its value to the processor that was there. Commutative operations only.
class TreeDynPolicy {
  public:
    void reset(int /*n*/) { m_slot = -1; }
    template <class E> void onIdle(E& e, int p) {
        if (m_slot < 0) {
            m_slot = p;
            return;
        }
        const int q = m_slot;
        m_slot = -1;
        e.startTransfer(p, q);
    }
    template <class E> void onTransferEnd(E& /*e*/, int /*r*/) {}
    template <class E> void onReductionEnd(E& /*e*/, int /*r*/) {}

  private:
    int m_slot = -1;
};

} // namespace rl
