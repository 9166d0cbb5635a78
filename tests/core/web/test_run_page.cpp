// A run's web page (core/web/run_page.h): what it holds (every operation with the words the
// application shows for it, the critical path, the bound, the narration of the core with its
// times and events, the scenario and the version), its size (the demo under 500 kB, n = 256
// under 5 MB), the refusal of a run too large, before it is computed, and its way to the disk
// through the one atomic writer.
#include "../input_refusal.h"
#include "web_page_data.h"

#include "algorithms/narration.h"
#include "base/file_io.h"
#include "base/version.h"
#include "base/vocabulary.h"
#include "platform/law.h"
#include "schedule/operation_text.h"
#include "schedule/timeline.h"
#include "web/page_html.h"
#include "web/run_page.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cctype>

using namespace rl;
using nlohmann::json;

namespace {

RunPageContent content(const Scenario& s, RunDetail detail = RunDetail::Explorer) {
    RunPageContent c;
    c.run = runScenario(s, detail);
    c.scenarioFile = "{\"format\": \"reducelab-scenario\"}";
    c.program = "test";
    return c;
}

Scenario oneAlgorithm(AlgorithmId id, int n) {
    Scenario s;
    s.algorithms = {id};
    s.n = n;
    s.seed = 3;
    return s;
}

} // namespace

class TestRunPage : public QObject {
    Q_OBJECT
  private slots:
    // The demo (n = 16, two algorithms): every operation, its description, its critical path.
    void holdsTheRun() {
        const RunPageContent c = content(Scenario::demo());
        const std::string html = runPageHtml(c);
        const json d = test::pageData(html);
        const RunResult& r = *c.run;
        QCOMPARE(d["kind"].get<std::string>(), std::string("run"));
        QCOMPARE(d["version"].get<std::string>(), std::string(kVersion));
        QCOMPARE(d["program"].get<std::string>(), std::string("test"));
        QCOMPARE(d["title"].get<std::string>(), std::string("Fibonacci-stat and Tree-dyn, n = 16"));
        QCOMPARE(d["scenario"]["file"].get<std::string>(), c.scenarioFile);
        QCOMPARE(d["end"].get<double>(), r.end);
        QCOMPARE(d["runs"].size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const Schedule& s = *r.schedules[i];
            const json& run = d["runs"][i];
            QCOMPARE(run["title"].get<std::string>(), runTitle(r, i));
            QCOMPARE(run["n"].get<int>(), 16);
            QCOMPARE(run["makespan"].get<double>(), s.makespan);
            QCOMPARE(run["transfers"].size(), s.transfers.size());
            QCOMPARE(run["reductions"].size(), s.reductions.size());
            for (std::size_t k = 0; k < s.transfers.size(); ++k) {
                const json& t = run["transfers"][k];
                QCOMPARE(t[0].get<int>(), s.transfers[k].from);
                QCOMPARE(t[1].get<int>(), s.transfers[k].to);
                QCOMPARE(t[2].get<double>(), s.transfers[k].start); // exact: the cursor compares
                QCOMPARE(t[3].get<double>(), s.transfers[k].end);
                QCOMPARE(run["tips"][0][k].get<std::string>(),
                         describeOperation(s, true, static_cast<int>(k),
                                           formatRuns(s.transferValue(static_cast<int>(k)))));
            }
            for (std::size_t k = 0; k < s.reductions.size(); ++k) {
                QCOMPARE(run["tips"][1][k].get<std::string>(),
                         describeOperation(s, false, static_cast<int>(k),
                                           formatRuns(s.reductionValue(static_cast<int>(k)))));
            }
            std::size_t critical = 0;
            for (const CriticalStep& step : r.criticalPaths[i]) {
                const json& list = run["critical"][step.isTransfer ? 0 : 1];
                QVERIFY(std::find(list.begin(), list.end(), json(step.op)) != list.end());
                ++critical;
            }
            QCOMPARE(run["critical"][0].size() + run["critical"][1].size(), critical);
            QCOMPARE(run["x"].size(), std::size_t(16));
        }
        // The words of the legend and the glossary are the application's.
        QCOMPARE(d["legend"][0]["label"].get<std::string>(),
                 std::string(markWords(Mark::Transfer).label));
        bool slot = false;
        for (const json& g : d["glossary"]) {
            slot = slot || g["term"] == "slot";
            if (g["term"] == "makespan") {
                QCOMPARE(g["meaning"].get<std::string>(),
                         std::string(glossaryEntry("makespan").meaning));
            }
        }
        QVERIFY(slot);                 // Tree-dyn is shown: its slot is explained
        QVERIFY(d["bound"].is_null()); // random costs: no bound
    }

    // The narration is the core's, never rewritten: what happens at time 0 first (narrateStart
    // of each run), then one entry per event, with its time and the index of its event.
    void narrationIsTheCores() {
        const RunPageContent c = content(Scenario::demo());
        const json d = test::pageData(runPageHtml(c));
        const RunResult& r = *c.run;
        std::vector<std::string> start;
        for (std::size_t i = 0; i < 2; ++i) {
            for (const std::string& line :
                 narrateStart(*r.schedules[i], r.scenario.algorithms[i])) {
                start.push_back(std::string(algorithmInfo(r.scenario.algorithms[i]).name) + " · " +
                                line);
            }
        }
        QVERIFY(!start.empty());
        const json& entries = d["narration"];
        QCOMPARE(entries.size(), start.size() + r.narration.size());
        for (std::size_t k = 0; k < start.size(); ++k) {
            QCOMPARE(entries[k]["text"].get<std::string>(), start[k]);
            QCOMPARE(entries[k]["t"].get<double>(), 0.0);
            QVERIFY(!entries[k].contains("event"));
        }
        QCOMPARE(d["events"].size(), r.narration.size());
        for (std::size_t k = 0; k < r.narration.size(); ++k) {
            const json& e = entries[start.size() + k];
            QCOMPARE(e["text"].get<std::string>(), r.narration[k].text);
            QCOMPARE(e["event"].get<std::size_t>(), k);
            QCOMPARE(e["t"].get<double>(), r.narration[k].event.time);
            QCOMPARE(d["events"][k][0].get<double>(), r.narration[k].event.time);
            QCOMPARE(d["events"][k][3].get<int>(), r.narration[k].run);
        }
    }

    // Every algorithm, alone and with the others, on every kind of costs: a page whose
    // glossary finds every word it asks for (the writer's list against the application's).
    void everyKindOfRunMakesAPage() {
        for (const AlgorithmInfo& a : algorithms()) {
            for (const bool nonCommutative : {false, true}) {
                if (nonCommutative && !a.validNonCommutative) {
                    continue;
                }
                for (const char* law : {"exp:1", "gamma:1:0.5", "const:1"}) {
                    Scenario s = oneAlgorithm(a.id, 6);
                    s.nonCommutative = nonCommutative;
                    s.transfer = parseLaw(law, "test");
                    s.reduction = parseLaw(law, "test");
                    const json d = test::pageData(runPageHtml(content(s)));
                    QCOMPARE(d["runs"].size(), std::size_t(1));
                    QVERIFY(!d["glossary"].empty());
                }
            }
        }
        Scenario cluster;
        cluster.n = 4;
        cluster.algorithms = {AlgorithmId::Ep, AlgorithmId::Snf, AlgorithmId::Optimum};
        cluster.costMode = CostMode::FixedMatrix;
        cluster.matrix =
            FixedCosts::parseCsv("0,3,3,3\n2,0,2,2\n1,1,0,1\n1,1,1,0\n0,0,0,0\n", "test");
        QCOMPARE(test::pageData(runPageHtml(content(cluster)))["runs"].size(), std::size_t(3));
    }

    // A fixed matrix draws the bound (here Liu-Wang's optimum) as the explorer does.
    void boundIsTheExplorers() {
        Scenario s;
        s.n = 4;
        s.algorithms = {AlgorithmId::Snf};
        s.costMode = CostMode::FixedMatrix;
        s.matrix = FixedCosts::parseCsv("0,3,3,3\n2,0,2,2\n1,1,0,1\n1,1,1,0\n0,0,0,0\n", "test");
        const RunPageContent c = content(s);
        QVERIFY(c.run->bound.has_value());
        const json d = test::pageData(runPageHtml(c));
        QCOMPARE(d["bound"]["value"].get<double>(), c.run->bound->value);
        QCOMPARE(d["bound"]["label"].get<std::string>(), c.run->bound->label);
    }

    // Self-contained and safe: nothing fetched, a strict policy, the title escaped.
    void fetchesNothingAndEscapesItsTitle() {
        RunPageContent c = content(Scenario::demo());
        c.title = "Lecture 3 </script><script>alert('x')</script> & <b>more</b>";
        const std::string html = runPageHtml(c);
        QVERIFY(html.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                          "'none';") != std::string::npos);
        for (const char* external : {"<link", "<img", "<iframe", "src=", "@import", "url(http",
                                     "fetch(", "XMLHttpRequest", "<base"}) {
            QVERIFY2(html.find(external) == std::string::npos, external);
        }
        QVERIFY(html.find("<title>Lecture 3 &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/"
                          "script&gt; &amp; &lt;b&gt;more&lt;/b&gt;</title>") != std::string::npos);
        // Only the page's own two script elements end: the data and the script.
        QVERIFY(html.find("<script>alert") == std::string::npos);
        std::string lower = html;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        std::size_t closers = 0;
        for (std::size_t at = lower.find("</script"); at != std::string::npos;
             at = lower.find("</script", at + 1)) {
            ++closers;
        }
        QCOMPARE(closers, std::size_t(2));
        QCOMPARE(test::pageData(html)["title"].get<std::string>(), c.title);
    }

    // The sizes the issue sets: the demo under 500 kB, n = 256 with one algorithm under 5 MB
    // (and the worst allowed, four algorithms at n = 256, under the page limit).
    void sizes() {
        const std::size_t demo = runPageHtml(content(Scenario::demo())).size();
        QVERIFY2(demo <= 500 * 1000, std::to_string(demo).c_str());
        const std::size_t n256 =
            runPageHtml(content(oneAlgorithm(AlgorithmId::TreeDyn, 256))).size();
        QVERIFY2(n256 <= 5 * 1000 * 1000, std::to_string(n256).c_str());
        Scenario four = oneAlgorithm(AlgorithmId::TreeDyn, 256);
        four.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                           AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn};
        const std::size_t worst = runPageHtml(content(four)).size();
        QVERIFY2(worst <= kMaxWebPageBytes, std::to_string(worst).c_str());
        qInfo("demo %zu bytes, n = 256 %zu bytes, four algorithms at n = 256 %zu bytes", demo, n256,
              worst);
    }

    // A run too large for a page is refused before it is computed, with the reason.
    void largerRunsAreRefused() {
        QCOMPARE(
            test::refusal([] { RunPageLimits::check(oneAlgorithm(AlgorithmId::TreeDyn, 1024)); }),
            QString());
        QCOMPARE(
            test::refusal([] { RunPageLimits::check(oneAlgorithm(AlgorithmId::TreeDyn, 1025)); }),
            QStringLiteral("web page: n = 1025 with 1 algorithm is 1025 processor rows; a "
                           "page holds at most 1024 (n times the algorithms), to stay fluid "
                           "in a browser: show fewer processors or algorithms"));
        Scenario s = oneAlgorithm(AlgorithmId::TreeDyn, 300);
        s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn, AlgorithmId::BinomialStat};
        QVERIFY(test::refusal([&] {
                    RunPageLimits::check(s);
                }).startsWith(QStringLiteral("web page: n = 300 with 4 algorithms is 1200")));
        // The writer checks it too, whoever calls it.
        const auto big = content(oneAlgorithm(AlgorithmId::TreeDyn, 1100), RunDetail::Narrated);
        QVERIFY(test::refusal([&] { runPageHtml(big); }).contains(QStringLiteral("at most 1024")));
    }

    // The page reaches the disk through the one atomic writer: all or nothing, the previous
    // file intact when writing fails.
    void writtenAtomically() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("run.html")).toStdString();
        const std::string html = runPageHtml(content(Scenario::demo()));
        writeFileAtomically(path, "old page");
        {
            OutputSet out;
            out.declare("--html", path);
            out.failAfterBytesForTesting(html.size() / 2);
            QVERIFY_THROWS_EXCEPTION(OutputError, {
                out.stage(path, html);
                out.commit();
            });
        }
        QCOMPARE(readInputFile(path), std::string("old page"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        writeFileAtomically(path, html);
        QCOMPARE(readInputFile(path), html);
    }
};

QTEST_APPLESS_MAIN(TestRunPage)
#include "test_run_page.moc"
