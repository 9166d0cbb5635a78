// A run's web page (core/web/run_page.h): what it holds (every operation with the words the
// application shows for it, the critical path, the bound, the narration of the core with its
// times and events, the scenario and the version), its size (the demo under 500 kB, n = 256
// under 5 MB), the refusal of a run too large, before it is computed, and its way to the disk
// through the one atomic writer.
#include "../input_refusal.h"
#include "web_page_data.h"

#include "base/file_io.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "engine/narration.h"
#include "platform/law.h"
#include "schedule/operation_text.h"
#include "schedule/timeline.h"
#include "web/page_html.h"
#include "web/run_page.h"

#include "../../test_support.h"

#include <algorithm>
#include <cctype>

using namespace rl;
using nlohmann::json;
using rl::test::contains;

namespace {

RunPageContent content(const Scenario& s, RunDetail detail = RunDetail::Explorer) {
    RunPageContent c;
    c.run = runScenario(s, detail);
    c.scenarioFile = "{\"format\": \"reducelab-scenario\"}";
    c.program = "test";
    return c;
}

Scenario oneAlgorithm(const Algorithm& algorithm, int n) {
    Scenario s;
    s.algorithms = {algorithm};
    s.n = n;
    s.seed = 3;
    return s;
}

} // namespace

// The demo (n = 16, two algorithms): every operation, its description, its critical path.
TEST(RunPage, HoldsTheRun) {
    const RunPageContent c = content(Scenario::demo());
    const std::string html = runPageHtml(c);
    const json d = test::pageData(html);
    const RunResult& r = *c.run;
    ASSERT_EQ(d["kind"].get<std::string>(), std::string("run"));
    ASSERT_EQ(d["version"].get<std::string>(), std::string(kVersion));
    ASSERT_EQ(d["program"].get<std::string>(), std::string("test"));
    ASSERT_EQ(d["title"].get<std::string>(), std::string("Fibonacci-stat and Tree-dyn, n = 16"));
    ASSERT_EQ(d["scenario"]["file"].get<std::string>(), c.scenarioFile);
    ASSERT_FUZZY_EQ(d["end"].get<double>(), r.end);
    ASSERT_EQ(d["runs"].size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i) {
        const Schedule& s = *r.schedules[i];
        const json& run = d["runs"][i];
        ASSERT_EQ(run["title"].get<std::string>(), runTitle(r, i));
        ASSERT_EQ(run["n"].get<int>(), 16);
        ASSERT_FUZZY_EQ(run["makespan"].get<double>(), s.makespan);
        ASSERT_EQ(run["transfers"].size(), s.transfers.size());
        ASSERT_EQ(run["reductions"].size(), s.reductions.size());
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const json& t = run["transfers"][k];
            ASSERT_EQ(t[0].get<int>(), s.transfers[k].from);
            ASSERT_EQ(t[1].get<int>(), s.transfers[k].to);
            ASSERT_FUZZY_EQ(t[2].get<double>(), s.transfers[k].start); // exact: the cursor compares
            ASSERT_FUZZY_EQ(t[3].get<double>(), s.transfers[k].end);
            ASSERT_EQ(run["tips"][0][k].get<std::string>(),
                      describeOperation(s, true, static_cast<int>(k),
                                        formatRuns(s.transferValue(static_cast<int>(k)))));
        }
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            ASSERT_EQ(run["tips"][1][k].get<std::string>(),
                      describeOperation(s, false, static_cast<int>(k),
                                        formatRuns(s.reductionValue(static_cast<int>(k)))));
        }
        std::size_t critical = 0;
        for (const CriticalStep& step : r.criticalPaths[i]) {
            const json& list = run["critical"][step.isTransfer ? 0 : 1];
            ASSERT_TRUE(std::find(list.begin(), list.end(), json(step.op)) != list.end());
            ++critical;
        }
        ASSERT_EQ(run["critical"][0].size() + run["critical"][1].size(), critical);
        ASSERT_EQ(run["x"].size(), std::size_t(16));
    }
    // The words of the legend and the glossary are the application's.
    ASSERT_EQ(d["legend"][0]["label"].get<std::string>(),
              std::string(markWords(Mark::Transfer).label));
    bool slot = false;
    for (const json& g : d["glossary"]) {
        slot = slot || g["term"] == "slot";
        if (g["term"] == "makespan") {
            ASSERT_EQ(g["meaning"].get<std::string>(),
                      std::string(glossaryEntry("makespan").meaning));
        }
    }
    ASSERT_TRUE(slot);                 // Tree-dyn is shown: its slot is explained
    ASSERT_TRUE(d["bound"].is_null()); // random costs: no bound
}

// The narration is the core's, never rewritten: one entry per sentence of the merged story
// (RunResult::narration, in each engine's order) with its time and run, and the index of its
// step for an operation's start or end (a decision that starts nothing has none).
TEST(RunPage, NarrationIsTheCores) {
    const RunPageContent c = content(Scenario::demo());
    const json d = test::pageData(runPageHtml(c));
    const RunResult& r = *c.run;
    const json& entries = d["narration"];
    ASSERT_TRUE(!r.narration.empty());
    ASSERT_EQ(entries.size(), r.narration.size());
    std::size_t step = 0;
    for (std::size_t k = 0; k < r.narration.size(); ++k) {
        const NarratedEvent& n = r.narration[k];
        const json& e = entries[k];
        ASSERT_EQ(e["text"].get<std::string>(), n.text);
        ASSERT_FUZZY_EQ(e["t"].get<double>(), n.event.time);
        ASSERT_EQ(e["run"].get<int>(), n.run);
        if (n.event.kind == EventKind::Decision) {
            ASSERT_TRUE(!e.contains("event"));
            continue;
        }
        ASSERT_EQ(e["event"].get<std::size_t>(), step);
        ASSERT_FUZZY_EQ(d["events"][step][0].get<double>(), n.event.time);
        ASSERT_EQ(d["events"][step][3].get<int>(), n.run);
        ++step;
    }
    ASSERT_EQ(d["events"].size(), step);
}

// Every algorithm, alone and with the others, on every kind of costs: a page whose
// glossary finds every word it asks for (the writer's list against the application's).
TEST(RunPage, EveryKindOfRunMakesAPage) {
    for (const Algorithm& a : algorithms()) {
        for (const bool nonCommutative : {false, true}) {
            if (nonCommutative && !a.validNonCommutative()) {
                continue;
            }
            for (const char* law : {"exp:1", "gamma:1:0.5", "const:1"}) {
                Scenario s = oneAlgorithm(a, 6);
                s.nonCommutative = nonCommutative;
                s.transfer = parseLaw(law, "test");
                s.reduction = parseLaw(law, "test");
                const json d = test::pageData(runPageHtml(content(s)));
                ASSERT_EQ(d["runs"].size(), std::size_t(1));
                ASSERT_TRUE(!d["glossary"].empty());
            }
        }
    }
    Scenario cluster;
    cluster.n = 4;
    cluster.algorithms = {AlgorithmId::Ep, AlgorithmId::Snf, AlgorithmId::Optimum};
    cluster.costMode = CostMode::FixedMatrix;
    cluster.matrix = FixedCosts::parseCsv("0,3,3,3\n2,0,2,2\n1,1,0,1\n1,1,1,0\n0,0,0,0\n", "test");
    ASSERT_EQ(test::pageData(runPageHtml(content(cluster)))["runs"].size(), std::size_t(3));
}

// A fixed matrix draws the bound (here Liu-Wang's optimum) as the explorer does.
TEST(RunPage, BoundIsTheExplorers) {
    Scenario s;
    s.n = 4;
    s.algorithms = {AlgorithmId::Snf};
    s.costMode = CostMode::FixedMatrix;
    s.matrix = FixedCosts::parseCsv("0,3,3,3\n2,0,2,2\n1,1,0,1\n1,1,1,0\n0,0,0,0\n", "test");
    const RunPageContent c = content(s);
    ASSERT_TRUE(c.run->bound.has_value());
    const json d = test::pageData(runPageHtml(c));
    ASSERT_FUZZY_EQ(d["bound"]["value"].get<double>(), c.run->bound->value);
    ASSERT_EQ(d["bound"]["label"].get<std::string>(), c.run->bound->label);
}

// Self-contained and safe: nothing fetched, a strict policy, the title escaped.
TEST(RunPage, FetchesNothingAndEscapesItsTitle) {
    RunPageContent c = content(Scenario::demo());
    c.title = "Lecture 3 </script><script>alert('x')</script> & <b>more</b>";
    const std::string html = runPageHtml(c);
    ASSERT_TRUE(html.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                          "'none';") != std::string::npos);
    for (const char* external : {"<link", "<img", "<iframe", "src=", "@import", "url(http",
                                 "fetch(", "XMLHttpRequest", "<base"}) {
        ASSERT_TRUE(html.find(external) == std::string::npos) << external;
    }
    ASSERT_TRUE(html.find("<title>Lecture 3 &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/"
                          "script&gt; &amp; &lt;b&gt;more&lt;/b&gt;</title>") != std::string::npos);
    // Only the page's own two script elements end: the data and the script.
    ASSERT_TRUE(html.find("<script>alert") == std::string::npos);
    std::string lower = html;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::size_t closers = 0;
    for (std::size_t at = lower.find("</script"); at != std::string::npos;
         at = lower.find("</script", at + 1)) {
        ++closers;
    }
    ASSERT_EQ(closers, std::size_t(2));
    ASSERT_EQ(test::pageData(html)["title"].get<std::string>(), c.title);
}

// The sizes the issue sets: the demo under 500 kB, n = 256 with one algorithm under 5 MB
// (and the worst allowed, four algorithms at n = 256, under the page limit).
TEST(RunPage, Sizes) {
    const std::size_t demo = runPageHtml(content(Scenario::demo())).size();
    ASSERT_TRUE(demo <= 500 * 1000) << demo;
    const std::size_t n256 = runPageHtml(content(oneAlgorithm(AlgorithmId::TreeDyn, 256))).size();
    ASSERT_TRUE(n256 <= 5 * 1000 * 1000) << n256;
    Scenario four = oneAlgorithm(AlgorithmId::TreeDyn, 256);
    four.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                       AlgorithmId::NonCommutTreeDyn};
    const std::size_t worst = runPageHtml(content(four)).size();
    ASSERT_TRUE(worst <= kMaxWebPageBytes) << worst;
    std::printf("demo %zu bytes, n = 256 %zu bytes, four algorithms at n = 256 %zu bytes\n", demo,
                n256, worst);
}

// A run too large for a page is refused before it is computed, with the reason.
TEST(RunPage, LargerRunsAreRefused) {
    ASSERT_EQ(test::refusal([] { RunPageLimits::check(oneAlgorithm(AlgorithmId::TreeDyn, 1024)); }),
              std::string());
    ASSERT_EQ(test::refusal([] { RunPageLimits::check(oneAlgorithm(AlgorithmId::TreeDyn, 1025)); }),
              std::string("web page: n = 1025 with 1 algorithm is 1025 processor rows; a "
                          "page holds at most 1024 (n times the algorithms), to stay fluid "
                          "in a browser: show fewer processors or algorithms"));
    Scenario s = oneAlgorithm(AlgorithmId::TreeDyn, 300);
    s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn,
                    AlgorithmId::BinomialStat};
    ASSERT_TRUE(test::refusal([&] {
                    RunPageLimits::check(s);
                }).starts_with(std::string("web page: n = 300 with 4 algorithms is 1200")));
    // The writer checks it too, whoever calls it.
    const auto big = content(oneAlgorithm(AlgorithmId::TreeDyn, 1100), RunDetail::Narrated);
    ASSERT_TRUE(contains(test::refusal([&] { runPageHtml(big); }), std::string("at most 1024")));
}

// The page reaches the disk through the one atomic writer: all or nothing, the previous
// file intact when writing fails.
TEST(RunPage, WrittenAtomically) {
    rl::test::TempDir dir;
    const std::string path = dir.filePath(std::string("run.html"));
    const std::string html = runPageHtml(content(Scenario::demo()));
    writeFileAtomically(path, "old page");
    {
        OutputSet out;
        out.declare("--html", path);
        out.failAfterBytesForTesting(html.size() / 2);
        ASSERT_THROW(
            {
                out.stage(path, html);
                out.commit();
            },
            OutputError);
    }
    ASSERT_EQ(readInputFile(path), std::string("old page"));
    ASSERT_EQ(rl::test::dirEntries(dir.path()).size(), 1);
    writeFileAtomically(path, html);
    ASSERT_EQ(readInputFile(path), html);
}
