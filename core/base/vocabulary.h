#pragma once

#include <span>
#include <string_view>

namespace rl {

/// One term of the glossary: what a newcomer may not know, in plain words. `meaning` may hold
/// inline HTML markup (<i>, <sup>), which the Help pane and the web pages show as such.
struct GlossaryEntry {
    std::string_view term;
    std::string_view meaning;
};

/// Every term the application shows that a newcomer may not know (the Help pane's glossary,
/// and the web pages' short glossaries of the words they show). The papers' section numbers
/// appear only here, in brackets, and in tooltips.
std::span<const GlossaryEntry> glossary();

/// The entry of `term`; throws std::logic_error when the glossary has none (a page asks only
/// for terms it knows, checked by its tests).
const GlossaryEntry& glossaryEntry(std::string_view term);

/// The marks the Gantt chart and the reduction tree draw.
enum class Mark {
    // The Gantt chart
    Transfer,
    Reception,
    Reduction,
    Critical,
    Selected,
    Idle,
    Cursor,
    Reference,
    // The tree's edges
    InFlight,
    Merged,
    CriticalEdge,
    SelectedEdge,
    // The tree's nodes
    Holding,
    Receiving,
    Reducing,
    Sending,
    Sent,
    Complete,
};

/// The words of a mark: its short label in the legends (empty for a mark the legends leave
/// out) and the sentence the Help pane gives it.
struct MarkWords {
    std::string_view label;
    std::string_view meaning;
};

/// The words of `mark`, the same in the application and in the web pages.
const MarkWords& markWords(Mark mark);

} // namespace rl
