// Sweep results reopened by the GUI and `reducelab-cli plot`: a sidecar (JSON) and its CSV,
// given as one input "SIDECAR\n%%%%\nCSV". The sidecar's fingerprint is set to the CSV's, so
// mutations reach the CSV rows and the paired analyses instead of stopping at the fingerprint.
// Accepted results survive writing and reading back unchanged.
#include "common/sweep_results.h"
#include "fuzz_input.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = rl::fuzz::text(data, size);
    const std::size_t cut = input.find("\n%%%%\n");
    if (cut == std::string::npos) {
        return 0;
    }
    const std::string csv = input.substr(cut + 6);
    std::string sidecar = input.substr(0, cut);
    QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(sidecar));
    if (doc.isObject()) {
        QJsonObject o = doc.object();
        o.insert("csvFingerprint", QString::fromStdString(rl::sweepCsvFingerprint(csv)));
        sidecar = QJsonDocument(o).toJson().toStdString();
    }
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::SweepResults r = rl::parseSweepResults(csv, sidecar, rl::AlgorithmCatalog());
        const std::string written = rl::sweepSidecar(*r.snapshot, r.figure);
        const rl::SweepResults again =
            rl::parseSweepResults(r.snapshot->csv(), written, rl::AlgorithmCatalog());
        if (again.snapshot->csv() != csv ||
            rl::sweepSidecar(*again.snapshot, again.figure) != written) {
            rl::fuzz::finding("sweep results do not survive writing and reading back");
        }
    });
    return 0;
}
