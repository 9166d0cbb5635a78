#pragma once

#include "studies/run_study.h"

#include <memory>
#include <string>

namespace rl {

/// What a run's web page shows: the run and the words around it.
struct RunPageContent {
    /// The run, with its narration at least (RunDetail::Narrated; RunDetail::Explorer adds the
    /// bound line and Tree-dyn's Markov chain, as in the explorer).
    std::shared_ptr<const RunResult> run;
    /// The page's title; empty: runPageTitle() of the scenario.
    std::string title;
    /// The scenario as the file the GUI opens (JSON text, from the caller, which writes that
    /// format): the page saves it on demand.
    std::string scenarioFile;
    /// What made the page ("reducelab", "reducelab-cli"), written beside the version.
    std::string program;
};

/// The bounds of a run's web page.
struct RunPageLimits {
    /// Processor rows of a page in all (n times the algorithms): n = 1024 alone, or four
    /// algorithms at n = 256. A page draws every operation in the browser; beyond this it
    /// stops being fluid on a laptop and grows past a few MB.
    static constexpr long long kMaxRows = 1024;
    /// Throws InputError naming the problem when a page of `scenario`'s run would exceed the
    /// limits: checked before the run is computed.
    static void check(const Scenario& scenario);
};

/// The default title: "Fibonacci-stat and Tree-dyn, n = 16".
std::string runPageTitle(const Scenario& scenario);

/// The page of the run: one self-contained HTML text (scripts, styles and data inline; nothing
/// fetched) holding the schedules, their critical paths, the bound, the narration, the
/// scenario and the program's version, and a player of the explorer's animation
/// (web/run_page.html, web/player.js). Checks RunPageLimits (InputError) and the page's size
/// (kMaxWebPageBytes).
std::string runPageHtml(const RunPageContent& content);

} // namespace rl
