// The core's rules behind the package's value objects: reducelab.gamma(...) and its kin are
// validated and written by parseLaw and Law::toString (core/platform/law.h), and confidence
// intervals take their z from normalQuantileTwoSided (core/experiment/paired_stats.h).
#include "bindings/values_def.h"

#include "experiment/paired_stats.h"
#include "platform/law.h"

#include <string>

namespace rl::python {

namespace py = pybind11;

void defineValues(py::module_& m) {
    m.def(
        "parse_law",
        [](const std::string& text, const std::string& role) {
            const Law law = parseLaw(text, role);
            py::dict d;
            d["kind"] = std::string(lawKindKey(law.kind));
            d["mean"] = law.mean;
            d["cv"] = law.cv;
            d["text"] = law.toString();
            return d;
        },
        py::arg("text"), py::arg("role") = "law",
        "A law as the command line writes it, validated (reducelab.Error otherwise): its kind "
        "('gamma', 'exp', 'const', 'uniform', 'bernoulli'), mean, cv and canonical text.");
    m.def("normal_quantile_two_sided", &normalQuantileTwoSided, py::arg("level"),
          "z of a two-sided normal interval of `level` in (0, 1) (0.95 -> 1.95996...).");
}

} // namespace rl::python
