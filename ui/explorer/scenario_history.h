#pragma once

#include "studies/scenario.h"

#include <cstddef>
#include <deque>
#include <optional>

namespace rl {

/// The explorer's Back and Forward: the scenarios it showed before a drill-down or an opened
/// file replaced them, as a browser keeps pages. Edits in the settings change the current
/// scenario in place; only a navigation (visit()) makes an entry. Bounded in entries and in the
/// bytes of their matrices (a 4096-processor matrix is 128 MiB): the oldest entries go first,
/// the newest always stays.
class ScenarioHistory {
  public:
    /// Entries kept on each list.
    static constexpr std::size_t kMaxEntries = 50;
    /// Bytes of fixed matrices kept on each list.
    static constexpr std::size_t kMaxMatrixBytes = std::size_t{256} << 20;

    /// `current` is left for `next`: it goes on the Back list (unless equal to `next`) and the
    /// Forward list is dropped.
    void visit(const Scenario& current, const Scenario& next);
    /// The scenario before `current`, which goes on the Forward list; none at the start.
    std::optional<Scenario> back(const Scenario& current);
    /// The scenario Back left, `current` going on the Back list; none when there is none.
    std::optional<Scenario> forward(const Scenario& current);

    bool canGoBack() const { return !m_back.empty(); }
    bool canGoForward() const { return !m_forward.empty(); }
    std::size_t backCount() const { return m_back.size(); }
    std::size_t forwardCount() const { return m_forward.size(); }

  private:
    static void push(std::deque<Scenario>& list, const Scenario& s);

    std::deque<Scenario> m_back;    ///< newest last
    std::deque<Scenario> m_forward; ///< newest last
};

} // namespace rl
