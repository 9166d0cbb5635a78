#include "explorer/scenario_history.h"

namespace rl {

namespace {

std::size_t matrixBytes(const Scenario& s) {
    return s.matrix ? (s.matrix->d.size() + s.matrix->c.size()) * sizeof(double) : 0;
}

} // namespace

void ScenarioHistory::push(std::deque<Scenario>& list, const Scenario& s) {
    if (!list.empty() && list.back() == s) {
        return; // twice the same scenario would take two presses to leave
    }
    list.push_back(s);
    std::size_t bytes = 0;
    for (const Scenario& e : list) {
        bytes += matrixBytes(e);
    }
    while (list.size() > 1 && (list.size() > kMaxEntries || bytes > kMaxMatrixBytes)) {
        bytes -= matrixBytes(list.front());
        list.pop_front();
    }
}

void ScenarioHistory::visit(const Scenario& current, const Scenario& next) {
    if (current == next) {
        return;
    }
    push(m_back, current);
    m_forward.clear();
}

std::optional<Scenario> ScenarioHistory::back(const Scenario& current) {
    if (m_back.empty()) {
        return std::nullopt;
    }
    Scenario s = std::move(m_back.back());
    m_back.pop_back();
    push(m_forward, current);
    return s;
}

std::optional<Scenario> ScenarioHistory::forward(const Scenario& current) {
    if (m_forward.empty()) {
        return std::nullopt;
    }
    Scenario s = std::move(m_forward.back());
    m_forward.pop_back();
    push(m_back, current);
    return s;
}

} // namespace rl
