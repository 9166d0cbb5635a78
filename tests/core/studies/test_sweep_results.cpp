// Sweep results (studies/sweep_results.h): the CSVs and sidecars the previous version wrote are
// read, with their paired analyses, and written again byte for byte; a sweep computed now
// survives writing and reading back; every damaged or foreign file is refused with the problem
// named.
#include "../../test_support.h"
#include "../input_refusal.h"

#include "studies/json_text.h"
#include "studies/sweep_results.h"
#include "studies/sweep_study.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/version.h"
#include "experiment/point_job.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace rl;
using nlohmann::json;
using rl::test::readFile;
using rl::test::refusal;
using rl::test::TempDir;
using rl::test::writeFile;

namespace {

const std::string kPrevious = std::string(REDUCELAB_TEST_DATA) + "/previous_version/";

/// `sidecar` with its "program" (which names the version that wrote it) set to this version's.
std::string asThisVersion(std::string sidecar) {
    const std::string key = "\"program\": \"";
    const std::size_t at = sidecar.find(key) + key.size();
    sidecar.replace(at, sidecar.find('"', at) - at, std::string("ReduceLab ") + kVersion);
    return sidecar;
}

} // namespace

TEST(SweepResults, ReadsAndRewritesThePreviousVersionsFiles) {
    const std::pair<const char*, Figure> files[] = {{"sweep_fig4.csv", Figure::Fig4},
                                                    {"sweep_fig5.csv", Figure::Fig5},
                                                    {"sweep_fig6.csv", Figure::Fig6}};
    for (const auto& [name, figure] : files) {
        SCOPED_TRACE(name);
        const std::string csv = readFile(kPrevious + name).value();
        const std::string sidecar = readFile(kPrevious + name + ".json").value();
        const SweepResults r = loadSweepResults(kPrevious + name, AlgorithmCatalog());
        EXPECT_EQ(r.figure, figure);
        EXPECT_EQ(r.snapshot->csv(), csv);
        EXPECT_TRUE(r.snapshot->complete);
        // The same bytes as QJsonDocument wrote them (every number, the layout).
        EXPECT_EQ(sweepSidecar(*r.snapshot, r.figure), asThisVersion(sidecar));
        for (const GridCell& c : r.snapshot->cells) {
            EXPECT_EQ(c.medianReplicate.size(), r.snapshot->spec.algorithms.size());
            EXPECT_TRUE(c.ratio01.has_value()); // every file here has two algorithms or more
            EXPECT_TRUE(c.best.has_value());
        }
    }
    const SweepResults fig6 = loadSweepResults(kPrevious + "sweep_fig6.csv", AlgorithmCatalog());
    EXPECT_EQ(fig6.snapshot->spec.seed, 42u);
    EXPECT_EQ(fig6.snapshot->spec.family, LawKind::Uniform);
    EXPECT_EQ(fig6.snapshot->spec.n, 6);
    EXPECT_EQ(fig6.snapshot->replicates, 100u);
}

// A sweep run now: its files hold every number of its snapshot and read back to the same
// files, through the atomic writer.
TEST(SweepResults, ASweepSurvivesWritingAndReadingBack) {
    SweepStudy study = SweepStudy::paper(Figure::Fig5);
    study.spec.n = 6;
    study.spec.replicates = 300;
    study.spec.cvs = {0.2, 1.0};
    study.spec.ratios = {0.5, 2.0};
    study.spec.threads = 1;
    LocalExecutor executor;
    const auto snapshot = runSweepJob(study, executor, PointJobOptions{});
    TempDir dir;
    const std::string csvPath = dir.filePath("fig5.csv");
    saveSweepResults(*snapshot, Figure::Fig5, csvPath);
    EXPECT_EQ(readFile(csvPath).value(), snapshot->csv());
    EXPECT_EQ(readFile(csvPath + ".json").value(), sweepSidecar(*snapshot, Figure::Fig5));
    const SweepResults back = loadSweepResults(csvPath, AlgorithmCatalog());
    EXPECT_EQ(back.snapshot->csv(), snapshot->csv());
    EXPECT_EQ(sweepSidecar(*back.snapshot, back.figure), sweepSidecar(*snapshot, Figure::Fig5));
    for (std::size_t k = 0; k < snapshot->cells.size(); ++k) {
        const GridCell& a = snapshot->cells[k];
        const GridCell& b = back.snapshot->cells[k];
        EXPECT_EQ(a.medianReplicate, b.medianReplicate);
        ASSERT_TRUE(b.ratio01.has_value());
        EXPECT_EQ(a.ratio01->ratio, b.ratio01->ratio);
        EXPECT_EQ(a.ratio01->stdError, b.ratio01->stdError);
        EXPECT_EQ(a.best->margin, b.best->margin);
        EXPECT_EQ(a.bestReplicate, b.bestReplicate);
    }
    EXPECT_EQ(back.snapshot->reference, snapshot->reference);
}

TEST(SweepResults, SidecarPaths) {
    EXPECT_EQ(sweepSidecarPath("out/r.csv"), "out/r.csv.json");
    EXPECT_EQ(sweepSidecarFor("r.csv"), std::optional<std::string>("r.csv.json"));
    EXPECT_EQ(sweepSidecarFor("-"), std::nullopt);
    EXPECT_EQ(sweepSidecarFor("/dev/null"), std::nullopt);
}

TEST(SweepResults, DamagedOrForeignFilesAreRefusedWithTheProblemNamed) {
    const std::string csv = readFile(kPrevious + "sweep_fig5.csv").value();
    const json good = json::parse(readFile(kPrevious + "sweep_fig5.csv.json").value());
    // The sidecar with one change made by `edit`.
    const auto with = [&good](const auto& edit) {
        json o = good;
        edit(o);
        return jsonText(o);
    };
    std::string deep;
    for (int i = 0; i < 80; ++i) {
        deep += "[";
    }
    const std::pair<std::string, std::string> cases[] = {
        {"", "results sidecar: not valid JSON"},
        {"[]", "results sidecar: not a JSON object"},
        {"{\"cells\": " + deep, "nested deeper than 64 levels"},
        {with([](json& o) { o.erase("format"); }), "not ReduceLab sweep results"},
        {with([](json& o) { o["version"] = 2; }),
         "version 2 is newer than this ReduceLab reads (1)"},
        {with([](json& o) { o["version"] = 0.5; }), "'version' must be a whole number"},
        {with([](json& o) { o["figure"] = "fig7"; }), "fig7"},
        {with([](json& o) { o["n"] = -1; }), "'n' must be a whole number between 1"},
        {with([](json& o) { o["transferMean"] = "1"; }), "'transferMean' is not a finite number"},
        {with([](json& o) { o["cvs"] = json::array(); }), "'cvs' must hold 1 to 10000 values"},
        {with([](json& o) { o["ratios"][0] = "x"; }), "a value of 'ratios' is not a finite"},
        {with([](json& o) { o["algorithms"] = json::array({1}); }), "an algorithm is not a name"},
        {with([](json& o) { o["replicates"] = 100; }), "'replicates' is not a non-negative"},
        {with([](json& o) { o["seed"] = "-3"; }), "'seed' is not a non-negative integer"},
        {with([](json& o) { o["replicates"] = "101"; }), "the CSV has 100 replicates per point"},
        {with([](json& o) { o["csvFingerprint"] = "0000000000000000"; }),
         "the CSV differs from the one its sidecar describes"},
        {with([](json& o) { o.erase("cells"); }), "a fig5 file needs 'cells'"},
        {with([](json& o) { o["cells"].erase(0); }), "'cells' must hold one analysis per grid"},
        {with([](json& o) { o["cells"][0] = 3; }), "a cell is not an object"},
        {with([](json& o) { o["cells"][0]["medianReplicate"].erase(0); }),
         "needs one replicate per algorithm"},
        {with([](json& o) { o["cells"][0]["bestReplicate"] = 100; }),
         "'bestReplicate' must be a whole number between 0 and 99"},
        {with([](json& o) { o["cells"][0]["ratio"]["low"] = 5.0; }),
         "a cell's ratio is inconsistent"},
        {with([](json& o) { o["cells"][0]["ratio"]["count"] = 99; }), "a ratio's count"},
        {with([](json& o) { o["cells"][0]["best"]["runnerUp"] = 0; }),
         "a runner-up must be -1 or another algorithm's index"},
        {with([](json& o) { o["cells"][0]["best"]["tie"] = 1; }),
         "field 'tie' is missing or has the wrong type"},
    };
    for (const auto& [sidecar, expected] : cases) {
        SCOPED_TRACE(sidecar.substr(0, 200));
        const std::string message =
            refusal([&, &s = sidecar] { parseSweepResults(csv, s, AlgorithmCatalog()); });
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    // An edited CSV (a number changed: it still parses) is refused by its fingerprint.
    std::string edited = csv;
    edited[edited.find("0.5,fibonacci") + 4] = '6';
    EXPECT_NE(refusal([&] {
                  parseSweepResults(edited, jsonText(good), AlgorithmCatalog());
              }).find("differs from the one its sidecar describes"),
              std::string::npos);
}

TEST(SweepResults, FilesAreReadBoundedAndNamed) {
    TempDir dir;
    const std::string lone = dir.filePath("lone.csv");
    writeFile(lone, readFile(kPrevious + "sweep_fig4.csv").value());
    const std::string message = refusal([&] { loadSweepResults(lone, AlgorithmCatalog()); });
    EXPECT_NE(message.find("no sidecar '" + lone + ".json' beside it"), std::string::npos)
        << message;
    EXPECT_NE(refusal([&] {
                  loadSweepResults(dir.filePath("none.csv"), AlgorithmCatalog());
              }).find("none.csv"),
              std::string::npos);
    // A damaged sidecar is named with its CSV.
    writeFile(lone + ".json", "{\"format\": \"reducelab-sweep-results\", \"version\": 7}");
    const std::string newer = refusal([&] { loadSweepResults(lone, AlgorithmCatalog()); });
    EXPECT_EQ(newer.rfind("'" + lone + "': results sidecar: version 7 is newer", 0), 0u) << newer;
}
