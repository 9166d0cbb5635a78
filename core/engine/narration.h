#pragma once

#include "schedule/schedule.h"
#include "schedule/timeline.h"

#include <concepts>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// One line of a run's story: an operation that starts or ends, or a decision that starts none
/// (`event.kind` is EventKind::Decision, `event.op` its processor), with its sentence, e.g.
/// "t = 2.31: P3 is idle; the slot holds P2, so P3 sends [3,3] to P2".
struct NarrationEntry {
    TimelineEvent event;
    std::string text;
};

/// A run's story in the order the engine took its events and decisions, so that every sentence
/// is true at the moment it is read; each event is told once.
using Narration = std::vector<NarrationEntry>;

/// One step of a story before it is put into words (what NarrationRecorder records as the
/// engine runs; a clairvoyant algorithm makes its own from its schedule).
struct NarrationStep {
    EventKind kind = EventKind::Decision;
    int op = 0; ///< the transfer or reduction (index into the schedule); a decision's processor
    double time = 0.0;
    /// TransferStart: the policy's reason, the clause before "Pi sends V to Pj" ("P3 is idle;
    /// the slot holds P2, so "). Decision: what the processor does, after "Pi " ("is idle and
    /// enters the empty slot"). Empty: the generic sentence.
    std::string reason;
    /// TransferStart: the processor whose becoming idle started the transfer (its sender or
    /// its receiver), for the generic sentence; -1 when none did.
    int idle = -1;
    /// TransferEnd and ReductionStart: the value waited for the receiver's previous reduction.
    bool waited = false;
};

/// The story of `steps` (in the engine's order) on the schedule they made: values from the
/// schedule, times with 3 significant digits. A decision of a processor that already holds
/// every value (the reduction is complete) is left out: nothing is left to decide. n = 1 is
/// one sentence: "t = 0.00: P0 alone holds [0,0]; there is nothing to reduce".
Narration narrate(const Schedule& s, const std::vector<NarrationStep>& steps);

/// "P3": how sentences name a processor.
std::string narrationProcessor(int p);
/// A time with 3 significant digits ("2.31", "12.3", "0.0457"), and "0.00" for 0.
std::string formatNarrationTime(double t);

/// Records a run's story as the engine runs `Policy` (an observer: the engine emits, this
/// records; engine/engine.h calls it). The words specific to an algorithm come from its policy's
/// optional hooks, called at the moment they describe:
/// - `std::string describeTransfer(const E& engine, int from, int to) const`: as the transfer
///   starts, the reason, a clause that ends before "Pfrom sends V to Pto" ("round 2 of P0: ");
/// - `std::string describeWait(const E& engine, int p) const`: when p became idle and the
///   policy started nothing for it, what p does, after "Pp " ("is idle and enters the empty
///   slot").
/// - `std::optional<std::string> describeIdle(const E& engine, int p) const`: after onIdle(p)
///   returned (the policy's state is then settled), what p did, words after "Pp ": a transfer
///   that p's onIdle started and p takes part in is told "Pp <words>, so Pi sends V to Pj", a
///   decision that started none "Pp <words>"; none: the hooks above or the generic sentences
///   (the hook of a run-time policy, algorithms/runtime_policy.h).
/// Without them, generic sentences ("P3 is idle and sends [3,3] to P1", "P4 is idle and
/// waits"). Also records the schedule (ScheduleRecorder), so that both come from one run.
template <class Policy> class NarrationRecorder {
  public:
    NarrationRecorder(Schedule* schedule, const Policy& policy)
        : m_schedule(schedule), m_policy(policy),
          m_waited(static_cast<std::size_t>(schedule->n), 0),
          m_running(static_cast<std::size_t>(schedule->n), -1) {}

    // ScheduleRecorder's two.
    void transfer(int from, int to, double start, double end) {
        m_schedule->transfers.push_back({from, to, start, end});
        m_schedule->parent[static_cast<std::size_t>(from)] = to;
    }
    void reduction(int proc, int transfer, double start, double end) {
        const auto k = static_cast<int>(m_schedule->reductions.size());
        m_schedule->reductions.push_back({proc, transfer, start, end});
        m_running[static_cast<std::size_t>(proc)] = k;
        m_steps.push_back({EventKind::ReductionStart,
                           k,
                           start,
                           {},
                           -1,
                           m_waited[static_cast<std::size_t>(transfer)] != 0});
    }

    // The engine's decisions and events, in its order.
    /// A late processor enters the reduction (an arrival law): "t = 1.20: P5 arrives".
    template <class E> void arrives(const E& e, int p) {
        m_steps.push_back({EventKind::Decision, p, e.now(), "arrives", -1, false});
    }
    template <class E> void idleStarts(const E& /*e*/, int p) {
        m_idle = p;
        m_idleActed = false;
        m_idleFirstStep = m_steps.size();
    }
    template <class E> void idleEnds(const E& e, int p) {
        std::optional<std::string> words;
        if constexpr (requires(const Policy& policy) {
                          {
                              policy.describeIdle(e, p)
                              } -> std::convertible_to<std::optional<std::string>>;
                      }) {
            words = m_policy.describeIdle(e, p);
            if (words) {
                for (std::size_t i = m_idleFirstStep; i < m_steps.size(); ++i) {
                    NarrationStep& step = m_steps[i];
                    if (step.kind == EventKind::TransferStart && step.idle == p) {
                        step.reason = narrationProcessor(p) + " " + *words + ", so ";
                    }
                }
            }
        }
        if (!m_idleActed) {
            std::string reason;
            if (words) {
                reason = std::move(*words);
            } else if constexpr (requires(const Policy& policy) {
                                     {
                                         policy.describeWait(e, p)
                                         } -> std::convertible_to<std::string>;
                                 }) {
                reason = m_policy.describeWait(e, p);
            }
            m_steps.push_back({EventKind::Decision, p, e.now(), std::move(reason), -1, false});
        }
        m_idle = -1;
    }
    /// Called by startTransfer before transfer(): `k` is the transfer's index.
    template <class E> void transferStarts(const E& e, int from, int to) {
        m_idleActed = m_idleActed || from == m_idle || to == m_idle;
        std::string reason;
        if constexpr (requires(const Policy& policy) {
                          {
                              policy.describeTransfer(e, from, to)
                              } -> std::convertible_to<std::string>;
                      }) {
            reason = m_policy.describeTransfer(e, from, to);
        }
        const auto k = static_cast<int>(m_schedule->transfers.size());
        m_steps.push_back({EventKind::TransferStart, k, e.now(), std::move(reason),
                           from == m_idle || to == m_idle ? m_idle : -1, false});
    }
    /// Transfer k ended; `waits`: its receiver is still reducing (the value waits).
    template <class E> void transferEnds(const E& e, int k, bool waits) {
        m_waited[static_cast<std::size_t>(k)] = waits ? 1 : 0;
        m_steps.push_back({EventKind::TransferEnd, k, e.now(), {}, -1, waits});
    }
    template <class E> void reductionEnds(const E& e, int p) {
        m_steps.push_back({EventKind::ReductionEnd,
                           m_running[static_cast<std::size_t>(p)],
                           e.now(),
                           {},
                           -1,
                           false});
    }

    /// The story, once the run is over and the schedule complete.
    Narration finish() const { return narrate(*m_schedule, m_steps); }

  private:
    Schedule* m_schedule;
    const Policy& m_policy;
    std::vector<NarrationStep> m_steps;
    std::vector<char> m_waited;      // per transfer
    std::vector<int> m_running;      // per processor: its reduction under way
    int m_idle = -1;                 // the processor whose onIdle runs, -1 outside it
    bool m_idleActed = false;        // and whether it started a transfer of that processor
    std::size_t m_idleFirstStep = 0; // the first step recorded during that onIdle
};

/// One event of several runs shown together (the explorer's compare mode, animations).
struct NarratedEvent {
    TimelineEvent event;
    int run = 0;      ///< index of its run
    std::string text; ///< its sentence, after "<name> · " when there are several runs
};

/// The stories of runs shown together, merged by time (each in its own order; at equal times,
/// the earlier run first). `names[i]` names run i when there are several.
std::vector<NarratedEvent> narrateRuns(const std::vector<const Narration*>& runs,
                                       const std::vector<std::string>& names);

/// Whether a narrated entry is one of the animation's events, an operation's start or end (a
/// decision is told, not counted): the one definition behind "event k of N" in the explorer's
/// transport bar and a run's web page, whose player steps through these alone.
constexpr bool countsAsEvent(const TimelineEvent& e) {
    return e.kind != EventKind::Decision;
}

/// For each entry of `events`, how many entries up to it (itself included) count as events
/// (countsAsEvent): the k of "event k of N" while that entry is the current one; N is the last
/// number (0 before the first entry, and for no entries).
std::vector<int> eventNumbers(const std::vector<NarratedEvent>& events);

/// A story as plain text, one sentence a line (for handouts, screen readers and
/// `reducelab-cli run --narration`).
std::string narrationText(const Narration& narration);

} // namespace rl
