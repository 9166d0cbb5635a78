// Scenario files of the GUI (versioned JSON): parse; an accepted scenario survives a save and
// load unchanged.
#include "common/scenario.h"
#include "fuzz_input.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!doc.isObject()) {
        return 0; // not JSON: the loader refuses it before fromJson
    }
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::Scenario s = rl::Scenario::fromJson(doc.object());
        const rl::Scenario again = rl::Scenario::fromJson(s.toJson());
        if (again.toJson() != s.toJson()) {
            rl::fuzz::finding("a scenario does not survive a save and load");
        }
    });
    return 0;
}
