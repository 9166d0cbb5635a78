// The extension module reducelab._reducelab (python/reducelab/__init__.py imports it).
#include "bindings/module_def.h"

PYBIND11_MODULE(_reducelab, m) {
    rl::python::defineModule(m);
}
