// Sweep results reopened by the GUI and `reducelab-cli plot`: a sidecar (JSON) and its CSV,
// given as one input "SIDECAR\n%%%%\nCSV". The sidecar's fingerprint is set to the CSV's, so
// mutations reach the CSV rows and the paired analyses instead of stopping at the fingerprint.
// Accepted results survive writing and reading back unchanged.
#include "fuzz_input.h"

#include "studies/json_text.h"
#include "studies/sweep_results.h"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input = rl::fuzz::text(data, size);
    const std::size_t cut = input.find("\n%%%%\n");
    if (cut == std::string::npos) {
        return 0;
    }
    const std::string csv = input.substr(cut + 6);
    std::string sidecar = input.substr(0, cut);
    try {
        nlohmann::json o = rl::parseJsonObject(sidecar);
        o["csvFingerprint"] = rl::sweepCsvFingerprint(csv);
        sidecar = rl::jsonText(o);
    } catch (const rl::InputError&) {
        // Not a JSON object: given as it is, the parser refuses it.
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
