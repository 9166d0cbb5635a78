// Python policies as run-time policies (algorithms/runtime_policy.h): the reducelab.Engine type
// their hooks act through, written with the CPython API (METH_FASTCALL and METH_O, no pybind11
// dispatch: a Python Tree-dyn makes about 190 of these calls per run at n = 64), the policy
// adapter that calls the hooks with vectorcall on bound methods cached once per kernel, and the
// kernel that holds the interpreter's lock (GIL) around each run.
#include "bindings/python_policy.h"

#include "bindings/policy_interrupt.h"

#include "algorithms/runtime_policy.h"
#include "engine/kernel.h"

#include <climits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rl::python {

namespace {

// The module's types, made once by definePolicyTypes (one interpreter per process).
PyObject* g_error = nullptr;      // reducelab.Error (ValueError)
PyObject* g_cancelled = nullptr;  // reducelab.Cancelled (BaseException)
PyObject* g_engineType = nullptr; // reducelab.Engine
PyObject* g_policyType = nullptr; // reducelab.Policy

// ---------------------------------------------------------------------------------------------
// reducelab.Engine: the PolicyEngine of the hook being called, null outside hooks.

struct EngineObject {
    PyObject_HEAD PolicyEngine* engine;
};

PolicyEngine* live(PyObject* self) {
    PolicyEngine* e = reinterpret_cast<EngineObject*>(self)->engine;
    if (e == nullptr) {
        PyErr_SetString(g_error, "this engine is only valid during the hook it was given to "
                                 "(reset, on_idle, on_transfer_end, on_reduction_end, describe)");
    }
    return e;
}

/// Runs `f` (which returns a new reference), turning a C++ exception into the Python one.
template <class F> PyObject* guarded(F&& f) noexcept {
    try {
        return f();
    } catch (const InputError& e) { // PolicyError included
        PyErr_SetString(g_error, e.what());
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

bool processorIndex(PyObject* o, int& out) {
    const long v = PyLong_AsLong(o); // int, bool, numpy integers (__index__); not floats
    if (v == -1 && PyErr_Occurred() != nullptr) {
        return false;
    }
    if (v < INT_MIN || v > INT_MAX) {
        PyErr_Format(g_error, "there is no processor P%ld", v);
        return false;
    }
    out = static_cast<int>(v);
    return true;
}

PyObject* engineStartTransfer(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    PolicyEngine* e = live(self);
    if (e == nullptr) {
        return nullptr;
    }
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError,
                     "start_transfer(sender, receiver) takes 2 arguments (%zd given)", nargs);
        return nullptr;
    }
    int sender = 0;
    int receiver = 0;
    if (!processorIndex(args[0], sender) || !processorIndex(args[1], receiver)) {
        return nullptr;
    }
    return guarded([&] {
        e->startTransfer(sender, receiver);
        Py_RETURN_NONE;
    });
}

/// A method of one processor argument returning a bool.
template <bool (PolicyEngine::*Read)(int) const>
PyObject* engineProcessorFlag(PyObject* self, PyObject* arg) {
    PolicyEngine* e = live(self);
    int p = 0;
    if (e == nullptr || !processorIndex(arg, p)) {
        return nullptr;
    }
    return guarded([&] { return PyBool_FromLong((e->*Read)(p) ? 1 : 0); });
}

PyObject* engineValue(PyObject* self, PyObject* arg) {
    PolicyEngine* e = live(self);
    int p = 0;
    if (e == nullptr || !processorIndex(arg, p)) {
        return nullptr;
    }
    return guarded([&]() -> PyObject* {
        const std::vector<IndexRange> runs = e->value(p);
        PyObject* list = PyList_New(static_cast<Py_ssize_t>(runs.size()));
        if (list == nullptr) {
            return nullptr;
        }
        for (std::size_t i = 0; i < runs.size(); ++i) {
            PyObject* run = Py_BuildValue("(ii)", runs[i].lo, runs[i].hi);
            if (run == nullptr) {
                Py_DECREF(list);
                return nullptr;
            }
            PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), run);
        }
        return list;
    });
}

PyObject* engineTransferCost(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    PolicyEngine* e = live(self);
    if (e == nullptr) {
        return nullptr;
    }
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "transfer_cost(i, j) takes 2 arguments (%zd given)", nargs);
        return nullptr;
    }
    int i = 0;
    int j = 0;
    if (!processorIndex(args[0], i) || !processorIndex(args[1], j)) {
        return nullptr;
    }
    return guarded([&] { return PyFloat_FromDouble(e->transferCost(i, j)); });
}

PyObject* engineReductionCost(PyObject* self, PyObject* arg) {
    PolicyEngine* e = live(self);
    int p = 0;
    if (e == nullptr || !processorIndex(arg, p)) {
        return nullptr;
    }
    return guarded([&] { return PyFloat_FromDouble(e->reductionCost(p)); });
}

PyObject* engineRandom(PyObject* self, PyObject* /*unused*/) {
    PolicyEngine* e = live(self);
    if (e == nullptr) {
        return nullptr;
    }
    return guarded([&] { return PyFloat_FromDouble(e->random()); });
}

PyObject* engineReplicate(PyObject* self, void* /*closure*/) {
    PolicyEngine* e = live(self);
    return e == nullptr ? nullptr : PyLong_FromUnsignedLongLong(e->replicate());
}

PyObject* engineTime(PyObject* self, void* /*closure*/) {
    PolicyEngine* e = live(self);
    return e == nullptr ? nullptr : PyFloat_FromDouble(e->time());
}

PyObject* engineN(PyObject* self, void* /*closure*/) {
    PolicyEngine* e = live(self);
    return e == nullptr ? nullptr : PyLong_FromLong(e->n());
}

PyObject* engineNonCommutative(PyObject* self, void* /*closure*/) {
    PolicyEngine* e = live(self);
    return e == nullptr ? nullptr : PyBool_FromLong(e->nonCommutative() ? 1 : 0);
}

PyObject* engineRepr(PyObject* self) {
    const PolicyEngine* e = reinterpret_cast<EngineObject*>(self)->engine;
    if (e == nullptr) {
        return PyUnicode_FromString("<reducelab.Engine outside a hook>");
    }
    return PyUnicode_FromFormat("<reducelab.Engine n=%d time=%R>", e->n(),
                                py::float_(e->time()).ptr());
}

void engineDealloc(PyObject* self) {
    PyTypeObject* type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);
}

template <class F> PyCFunction method(F* f) noexcept {
    // The sanctioned cast of CPython's method table (through a function type without
    // arguments, which -Wcast-function-type accepts).
    return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

PyMethodDef kEngineMethods[] = {
    {"start_transfer", method(&engineStartTransfer), METH_FASTCALL,
     "start_transfer(sender, receiver)\n--\n\nStarts the transfer of sender's whole value to "
     "receiver now. Raises reducelab.Error naming the rule when the model does not allow it "
     "(nothing is started then)."},
    {"is_idle", method(&engineProcessorFlag<&PolicyEngine::isIdle>), METH_O,
     "is_idle(p)\n--\n\nStarted, not sent, not receiving, no reduction running or waiting."},
    {"has_sent", method(&engineProcessorFlag<&PolicyEngine::hasSent>), METH_O,
     "has_sent(p)\n--\n\np has sent its value (it takes no further part)."},
    {"has_started", method(&engineProcessorFlag<&PolicyEngine::hasStarted>), METH_O,
     "has_started(p)\n--\n\np has started (processors start at time 0 in index order)."},
    {"is_receiving", method(&engineProcessorFlag<&PolicyEngine::isReceiving>), METH_O,
     "is_receiving(p)\n--\n\nA transfer into p is under way."},
    {"value", method(&engineValue), METH_O,
     "value(p)\n--\n\nThe initial indices p holds now, as a list of (lo, hi) runs: its own and "
     "every value whose reduction on p has started."},
    {"transfer_cost", method(&engineTransferCost), METH_FASTCALL,
     "transfer_cost(i, j)\n--\n\nThe fixed cost of a transfer i -> j (clairvoyant policies on "
     "fixed costs only)."},
    {"reduction_cost", method(&engineReductionCost), METH_O,
     "reduction_cost(j)\n--\n\nThe fixed cost of a reduction on j (clairvoyant policies on fixed "
     "costs only)."},
    {"random", method(&engineRandom), METH_NOARGS,
     "random()\n--\n\nThe policy's own random number, uniform on [0, 1): the next draw of the "
     "replicate's policy stream, seeded from the seed and the replicate alone (no cost draw "
     "reads it), so that the results depend on neither the threads nor the other replicates. "
     "Not in describe()."},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef kEngineGetSet[] = {
    {"time", &engineTime, nullptr, "The current time.", nullptr},
    {"n", &engineN, nullptr, "The number of processors.", nullptr},
    {"replicate", &engineReplicate, nullptr,
     "The replicate being run: simulate(..., seed=seed, replicate=replicate) replays it.", nullptr},
    {"noncommutative", &engineNonCommutative, nullptr,
     "Whether the operation is non-commutative (every merge joins neighbouring intervals).",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

const char* const kEngineDoc =
    "The engine as a policy's hooks see it: what they may read, and start_transfer. Valid only "
    "during the hook it is given to.";

PyType_Slot kEngineSlots[] = {{Py_tp_methods, kEngineMethods},
                              {Py_tp_getset, kEngineGetSet},
                              {Py_tp_repr, reinterpret_cast<void*>(&engineRepr)},
                              {Py_tp_dealloc, reinterpret_cast<void*>(&engineDealloc)},
                              {Py_tp_doc, const_cast<char*>(kEngineDoc)},
                              {0, nullptr}};

PyType_Spec kEngineSpec = {"reducelab.Engine", sizeof(EngineObject), 0,
                           Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, kEngineSlots};

// ---------------------------------------------------------------------------------------------
// The policy: the hooks of one Python object, through its bound methods cached once.

/// The hooks a class leaves to reducelab.Policy (they do nothing), found once per algorithm.
struct Hooks {
    unsigned absent = 0; ///< RuntimePolicy::Hook bits
    bool reset = false;  ///< the class overrides reset
};

Hooks hooksOf(py::handle cls) {
    const py::handle base(g_policyType);
    const auto inherited = [&](const char* name) { return cls.attr(name).is(base.attr(name)); };
    if (inherited("on_idle")) {
        throw py::type_error(py::str(cls.attr("__name__")).cast<std::string>() +
                             " must define on_idle(self, engine, p): the hook that decides");
    }
    Hooks h;
    h.absent = (inherited("on_transfer_end") ? RuntimePolicy::kTransferEndHook : 0U) |
               (inherited("on_reduction_end") ? RuntimePolicy::kReductionEndHook : 0U) |
               (inherited("describe") ? RuntimePolicy::kDescribeHook : 0U);
    h.reset = !inherited("reset");
    return h;
}

/// Where each run's instance comes from (docs/python.md, "Copies and state"): a class is
/// called with no argument, an instance is copied with copy.deepcopy (the instance given is
/// never run itself).
struct PolicySource {
    py::object object; ///< the class or the pristine instance
    bool isClass = false;

    /// A fresh instance, with the lock held.
    py::object make() const {
        if (isClass) {
            return object();
        }
        return py::module_::import("copy").attr("deepcopy")(object);
    }
};

class PythonPolicy final : public RuntimePolicy {
  public:
    /// With the lock held.
    PythonPolicy(PolicySource source, const Hooks& hooks)
        : m_source(std::move(source)), m_hooks(hooks) {
        declareAbsent(hooks.absent);
        bind(m_source.make());
        m_engine = py::reinterpret_steal<py::object>(
            PyType_GenericAlloc(reinterpret_cast<PyTypeObject*>(g_engineType), 0));
        if (!m_engine) {
            throw py::error_already_set();
        }
        reinterpret_cast<EngineObject*>(m_engine.ptr())->engine = nullptr;
    }
    /// With the lock held (GilKernel's destructor).
    ~PythonPolicy() override {
        for (PyObject* o : m_ints) {
            Py_DECREF(o);
        }
    }
    PythonPolicy(const PythonPolicy&) = delete;
    PythonPolicy& operator=(const PythonPolicy&) = delete;

    void reset(int n) override {
        // Each run on an instance of its own, so that no state goes from one replicate to the
        // next, whichever thread runs them; the constructor's instance serves the first run.
        if (m_ran) {
            bind(m_source.make());
        }
        m_ran = true;
        // Processor numbers as Python ints, made once (up to a bound: a huge platform makes
        // the others as it goes).
        constexpr int kCached = 1 << 16;
        for (int p = static_cast<int>(m_ints.size()); p < std::min(n, kCached); ++p) {
            m_ints.push_back(PyLong_FromLong(p));
            if (m_ints.back() == nullptr) {
                m_ints.pop_back();
                throw py::error_already_set();
            }
        }
        if (m_reset) {
            py::object arg = py::int_(n);
            PyObject* args[2] = {nullptr, arg.ptr()};
            finish(PyObject_Vectorcall(m_reset.ptr(), args + 1, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                       nullptr));
        }
    }
    void onIdle(PolicyEngine& e, int p) override { finish(call(m_onIdle, e, p)); }
    void onTransferEnd(PolicyEngine& e, int r) override { finish(call(m_onTransferEnd, e, r)); }
    void onReductionEnd(PolicyEngine& e, int p) override { finish(call(m_onReductionEnd, e, p)); }
    std::optional<std::string> describe(PolicyEngine& e, int p) override {
        const py::object words = py::reinterpret_steal<py::object>(call(m_describe, e, p));
        if (!words) {
            throw py::error_already_set();
        }
        if (words.is_none()) {
            return std::nullopt;
        }
        if (!PyUnicode_Check(words.ptr())) {
            PyErr_Format(PyExc_TypeError, "describe() must return a str or None, not %s",
                         Py_TYPE(words.ptr())->tp_name);
            throw py::error_already_set();
        }
        return words.cast<std::string>();
    }

  private:
    /// Runs on `self` from now on: its bound methods, found once per instance.
    void bind(py::object self) {
        m_self = std::move(self);
        m_onIdle = m_self.attr("on_idle");
        if (hasHook(kTransferEndHook)) {
            m_onTransferEnd = m_self.attr("on_transfer_end");
        }
        if (hasHook(kReductionEndHook)) {
            m_onReductionEnd = m_self.attr("on_reduction_end");
        }
        if (hasHook(kDescribeHook)) {
            m_describe = m_self.attr("describe");
        }
        if (m_hooks.reset) {
            m_reset = m_self.attr("reset");
        }
    }

    /// hook(engine, p), the engine valid during the call; a new reference or null (an
    /// exception is set).
    PyObject* call(const py::object& hook, PolicyEngine& e, int p) {
        auto* engine = reinterpret_cast<EngineObject*>(m_engine.ptr());
        engine->engine = &e;
        const bool cached = p < static_cast<int>(m_ints.size());
        PyObject* index = cached ? m_ints[static_cast<std::size_t>(p)] : PyLong_FromLong(p);
        PyObject* result = nullptr;
        if (index != nullptr) {
            // Room before the arguments: the bound method puts self there (no tuple is made).
            PyObject* args[3] = {nullptr, m_engine.ptr(), index};
            result = PyObject_Vectorcall(hook.ptr(), args + 1, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                         nullptr);
        }
        if (!cached) {
            Py_XDECREF(index);
        }
        engine->engine = nullptr;
        return result;
    }
    static void finish(PyObject* result) {
        if (result == nullptr) {
            throw py::error_already_set();
        }
        Py_DECREF(result);
    }

    PolicySource m_source;
    Hooks m_hooks;
    bool m_ran = false; // the instance has run: the next run makes another
    py::object m_self;
    py::object m_onIdle, m_onTransferEnd, m_onReductionEnd, m_describe, m_reset;
    py::object m_engine;
    std::vector<PyObject*> m_ints;
};

// ---------------------------------------------------------------------------------------------
// The lock around runs.

/// A thread the interpreter does not know (a Monte Carlo worker) gets one thread state for its
/// whole life, released at once, so that each run only takes the lock (PyGILState_Ensure then
/// finds it) instead of making and deleting a thread state.
void adoptThread() {
    struct Anchor {
        PyGILState_STATE state{};
        PyThreadState* saved = nullptr;
        bool adopted = false;
        Anchor() = default;
        Anchor(const Anchor&) = delete;
        Anchor& operator=(const Anchor&) = delete;
        ~Anchor() {
            // A thread that outlives the interpreter leaves its state to the process's end.
            if (adopted && Py_IsInitialized() != 0) {
                PyEval_RestoreThread(saved);
                PyGILState_Release(state);
            }
        }
    };
    thread_local Anchor anchor;
    if (!anchor.adopted && PyGILState_GetThisThreadState() == nullptr) {
        anchor.state = PyGILState_Ensure();
        anchor.saved = PyEval_SaveThread();
        anchor.adopted = true;
    }
}

/// Runs `f` under the lock; a Python exception leaves as `mode` says, a cancellation as
/// PolicyCancelled.
/// A policy as errors name it: its name, and the file whose lines they point at.
struct PolicyLabel {
    std::string name;
    std::string file;
};

/// The run an error happened in, named so that a replay of that one replicate finds it.
struct RunId {
    std::uint64_t seed = 0;
    std::uint64_t replicate = 0;
};

/// `run`: the run `f` makes, if any. An error in it names its replicate: a PolicyError's (or
/// the programs' one line) starts with "replicate R: ", a Python exception handed back
/// gets a note (PEP 678) saying which simulate() call replays it.
template <class F>
auto underLock(ErrorMode mode, const PolicyLabel& label, const RunId* run, F&& f) {
    const std::string& name = label.name;
    PythonCall call;
    if (call.interrupted()) {
        throw PolicyCancelled("policy '" + name + "' was cancelled");
    }
    const std::string prefix =
        run != nullptr ? "replicate " + std::to_string(run->replicate) + ": " : std::string();
    try {
        return f();
    } catch (py::error_already_set& e) {
        if (isCancellation(e)) {
            throw PolicyCancelled("policy '" + name + "' was cancelled");
        }
        if (mode == ErrorMode::Translate) {
            const PolicyError error = describePythonError(e, "policy '" + name + "'", label.file);
            throw PolicyError(prefix + error.what(), error.details());
        }
        if (run != nullptr && py::hasattr(e.value(), "add_note")) {
            e.value().attr("add_note")(
                "in replicate " + std::to_string(run->replicate) + " of seed " +
                std::to_string(run->seed) +
                ": reducelab.simulate(..., seed=" + std::to_string(run->seed) +
                ", replicate=" + std::to_string(run->replicate) + ") replays it");
        }
        throw;
    } catch (const PolicyCancelled&) {
        throw;
    } catch (const PolicyError& e) { // a rule checked after the hooks (an unfinished run)
        throw PolicyError(prefix + e.what(), e.details());
    }
}

/// A kernel of a Python policy: each run under the lock.
class GilKernel final : public KernelBase {
  public:
    GilKernel(std::unique_ptr<KernelBase> inner, ErrorMode mode, PolicyLabel label)
        : m_inner(std::move(inner)), m_mode(mode), m_label(std::move(label)) {}
    ~GilKernel() override {
        if (Py_IsInitialized() != 0) {
            const PythonCall call; // the policy's Python objects go with it
            m_inner.reset();
        }
    }
    GilKernel(const GilKernel&) = delete;
    GilKernel& operator=(const GilKernel&) = delete;

    double makespan(std::uint64_t seed, std::uint64_t replicate) override {
        const RunId run{seed, replicate};
        return underLock(m_mode, m_label, &run, [&] { return m_inner->makespan(seed, replicate); });
    }
    Schedule schedule(std::uint64_t seed, std::uint64_t replicate) override {
        const RunId run{seed, replicate};
        return underLock(m_mode, m_label, &run, [&] { return m_inner->schedule(seed, replicate); });
    }
    Schedule narratedSchedule(std::uint64_t seed, std::uint64_t replicate,
                              Narration& narration) override {
        const RunId run{seed, replicate};
        return underLock(m_mode, m_label, &run,
                         [&] { return m_inner->narratedSchedule(seed, replicate, narration); });
    }
    double makespanFromDraws(const StreamDraws& draws) override {
        const RunId run{draws.seed(), draws.replicate()};
        return underLock(m_mode, m_label, &run, [&] { return m_inner->makespanFromDraws(draws); });
    }

  private:
    std::unique_ptr<KernelBase> m_inner;
    ErrorMode m_mode;
    PolicyLabel m_label;
};

/// A Python object owned from C++ code that may drop it without the lock (a descriptor's
/// factory, destroyed wherever its last algorithm handle goes).
struct PyRef {
    py::object object;
    explicit PyRef(py::object o) : object(std::move(o)) {}
    PyRef(const PyRef&) = delete;
    PyRef& operator=(const PyRef&) = delete;
    ~PyRef() {
        if (Py_IsInitialized() != 0) {
            const PythonCall call;
            object = py::object();
        } else {
            object.release(); // the interpreter is gone: nothing to free it with
        }
    }
};

std::string optionalText(py::handle o, const char* attribute) {
    const py::object v = py::getattr(o, attribute, py::none());
    if (v.is_none()) {
        return {};
    }
    if (!py::isinstance<py::str>(v)) {
        throw py::type_error(std::string("the policy's '") + attribute + "' must be a str");
    }
    return v.cast<std::string>();
}

// The base class users subclass: plain Python, so that a subclass needs no super().__init__().
const char* const kPolicySource = R"py(
class Policy:
    """A reduction policy: the rule of an algorithm, written in Python.

    Subclass it and override on_idle (required) and any of reset, on_transfer_end,
    on_reduction_end and describe; act with engine.start_transfer(sender, receiver). Hooks a
    class does not override are never called. Attributes: name (the algorithm's key and name;
    default: the class's name), summary (one sentence; default: the docstring's first line),
    clairvoyant (True to read fixed costs in advance), commutative_only (True if the policy
    pairs processors regardless of their values). Each run is on an instance of its own (the
    class called with no argument, or a copy.deepcopy of the instance given), so nothing goes
    from one replicate to another; draw random decisions with engine.random(), the replicate's
    own stream. See docs/python.md.
    """

    name = None
    summary = None
    clairvoyant = False
    commutative_only = False

    def reset(self, n):
        """Called before each run on n processors, on the run's own instance."""

    def on_idle(self, engine, p):
        """p became idle (its start, or the end of a reduction that leaves it idle)."""
        raise NotImplementedError("a policy defines on_idle(self, engine, p)")

    def on_transfer_end(self, engine, r):
        """A transfer into r ended (its reduction started, or it waits for r's current one)."""

    def on_reduction_end(self, engine, p):
        """A reduction of p ended and p is not idle (another value waits, or one arrives)."""

    def describe(self, engine, p):
        """Narrated runs only, after on_idle(engine, p) returned: what p did, as words after
        'P<p> ' (a str), or None for the generic sentence."""
        return None
)py";

} // namespace

bool isPolicy(py::handle source) {
    if (PyType_Check(source.ptr()) != 0) {
        return PyObject_IsSubclass(source.ptr(), g_policyType) == 1;
    }
    return PyObject_IsInstance(source.ptr(), g_policyType) == 1;
}

PolicyOrigin policyOrigin(py::handle source) {
    const py::object cls = PyType_Check(source.ptr()) != 0
                               ? py::reinterpret_borrow<py::object>(source)
                               : py::reinterpret_borrow<py::object>(source.get_type());
    PolicyOrigin o;
    o.className = py::str(cls.attr("__qualname__")).cast<std::string>();
    try {
        const py::object file = py::module_::import("inspect").attr("getsourcefile")(cls);
        if (!file.is_none()) {
            o.file =
                py::module_::import("os").attr("path").attr("abspath")(file).cast<std::string>();
        }
    } catch (py::error_already_set&) { // defined in no file (an interactive session)
        o.file.clear();
    }
    return o;
}

namespace {

std::string safeText(py::handle o);

/// A copy.deepcopy of the instance `instance` of policy `name`, the prototype of its runs
/// (PolicySource); InputError (reducelab.Error) naming the attribute that cannot be copied.
py::object pristineCopy(py::handle instance, const std::string& name) {
    const py::object deepcopy = py::module_::import("copy").attr("deepcopy");
    try {
        return deepcopy(instance);
    } catch (py::error_already_set& e) {
        std::string what = safeText(e.value());
        std::string attribute = "the instance";
        const py::object fields = py::getattr(instance, "__dict__", py::none());
        if (py::isinstance<py::dict>(fields)) {
            for (const auto item : py::reinterpret_borrow<py::dict>(fields)) {
                try {
                    deepcopy(item.second);
                } catch (py::error_already_set& inner) {
                    attribute = "its attribute '" + safeText(item.first) + "' (a " +
                                Py_TYPE(item.second.ptr())->tp_name + ")";
                    what = safeText(inner.value());
                    break;
                }
            }
        }
        throw InputError("policy '" + name +
                         "': each replicate runs on a fresh copy (copy.deepcopy) of the "
                         "instance given, but " +
                         attribute + " cannot be copied (" + what +
                         "): pass the class instead (each replicate then calls it with no "
                         "argument), make that attribute in reset(), or define __deepcopy__");
    }
}

Algorithm makePolicyAlgorithm(py::handle source, ErrorMode mode, const PolicyOrigin* origin) {
    if (!isPolicy(source)) {
        throw py::type_error("a policy is a subclass of reducelab.Policy or an instance of one, "
                             "not " +
                             py::repr(source).cast<std::string>());
    }
    const bool isClass = PyType_Check(source.ptr()) != 0;
    const py::object cls = isClass ? py::reinterpret_borrow<py::object>(source)
                                   : py::reinterpret_borrow<py::object>(source.get_type());
    if (cls.is(py::handle(g_policyType))) {
        throw py::type_error("reducelab.Policy is the base class: subclass it");
    }
    const Hooks hooks = hooksOf(cls);
    RuntimePolicyInfo info;
    info.name = optionalText(source, "name");
    if (info.name.empty()) {
        info.name = py::str(cls.attr("__name__")).cast<std::string>();
    }
    info.summary = optionalText(source, "summary");
    if (info.summary.empty()) {
        const std::string doc = optionalText(cls, "__doc__");
        const auto start = doc.find_first_not_of(" \t\n");
        if (start != std::string::npos) {
            info.summary = doc.substr(start, doc.find('\n', start) - start);
        }
    }
    info.clairvoyant = py::bool_(py::getattr(source, "clairvoyant", py::bool_(false)));
    info.commutativeOnly = py::bool_(py::getattr(source, "commutative_only", py::bool_(false)));
    const PolicyOrigin where = origin != nullptr ? *origin : policyOrigin(cls);
    info.file = where.file;
    info.className = where.className;

    // An instance given is kept as it was: each run copies it.
    const auto held = std::make_shared<PyRef>(isClass ? py::reinterpret_borrow<py::object>(source)
                                                      : pristineCopy(source, info.name));
    // Called under the lock (the kernel factory below).
    RuntimePolicyFactory factory = [held, isClass, hooks]() -> std::unique_ptr<RuntimePolicy> {
        return std::make_unique<PythonPolicy>(PolicySource{held->object, isClass}, hooks);
    };
    AlgorithmDescriptor d = runtimeAlgorithmDescriptor(info, std::move(factory));
    d.makeKernel = [inner = d.makeKernel, mode, label = PolicyLabel{info.name, info.file}](
                       int n, bool nonCommutative,
                       const CostModel& costs) -> std::unique_ptr<KernelBase> {
        return underLock(mode, label, nullptr, [&]() -> std::unique_ptr<KernelBase> {
            return std::make_unique<GilKernel>(inner(n, nonCommutative, costs), mode, label);
        });
    };
    return Algorithm(std::make_shared<const AlgorithmDescriptor>(std::move(d)));
}

} // namespace

Algorithm policyAlgorithm(py::handle source, ErrorMode mode) {
    return makePolicyAlgorithm(source, mode, nullptr);
}

Algorithm policyAlgorithm(py::handle cls, const PolicyOrigin& origin, ErrorMode mode) {
    return makePolicyAlgorithm(cls, mode, &origin);
}

namespace {

/// Most characters of an exception's message that an error quotes: a 10 MB message is cut.
constexpr std::size_t kMaxMessageChars = 2000;

/// `o` as text, whatever it is: str() that raises, or text that is not UTF-8 (lone
/// surrogates, backslash-escaped), still give a line; cut to kMaxMessageChars.
std::string safeText(py::handle o) {
    std::string text;
    try {
        const py::str s = py::str(o);
        text = s.attr("encode")("utf-8", "backslashreplace").cast<std::string>();
    } catch (py::error_already_set& inner) {
        text = "<str() of the " + std::string(Py_TYPE(o.ptr())->tp_name) + " raised " +
               std::string(Py_TYPE(inner.value().ptr())->tp_name) + ">";
    }
    if (text.size() > kMaxMessageChars) {
        const std::size_t cut = text.size() - kMaxMessageChars;
        text.resize(kMaxMessageChars);
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0U) == 0x80U) {
            text.pop_back(); // not inside a UTF-8 sequence
        }
        if (!text.empty() && (static_cast<unsigned char>(text.back()) & 0x80U) != 0) {
            text.pop_back();
        }
        text += "... (" + std::to_string(cut) + " more bytes cut)";
    }
    return text;
}

/// The traceback as Python prints it; a message that cannot be printed or is too long is
/// written as safeText() gives it, after the frames.
std::string tracebackText(const py::error_already_set& e, const py::module_& traceback) {
    const py::object trace =
        e.trace() ? py::reinterpret_borrow<py::object>(e.trace()) : py::object(py::none());
    const std::string typeName = Py_TYPE(e.value().ptr())->tp_name;
    const std::string message = safeText(e.value());
    // Raised by the call itself (a hook of the wrong signature) or by the engine's check of
    // what a hook returned: no Python frame, but the traceback says where it came from.
    const std::string noFrame =
        trace.is_none() ? "Traceback (most recent call last):\n  (raised as ReduceLab called the "
                          "policy: no Python frame)\n"
                        : "";
    const auto formatted = [&]() -> std::optional<std::string> {
        try {
            return noFrame +
                   py::str("")
                       .attr("join")(traceback.attr("format_exception")(e.type(), e.value(), trace))
                       .attr("encode")("utf-8", "backslashreplace")
                       .cast<std::string>();
        } catch (py::error_already_set&) { // a __str__ that raises: the frames and our line
            return std::nullopt;
        }
    };
    if (message.size() < kMaxMessageChars) {
        if (std::optional<std::string> text = formatted()) {
            return *text;
        }
    }
    std::string out = "Traceback (most recent call last):\n";
    if (!trace.is_none()) {
        out += py::str("")
                   .attr("join")(traceback.attr("format_tb")(trace))
                   .attr("encode")("utf-8", "backslashreplace")
                   .cast<std::string>();
    }
    return out + typeName + ": " + message + "\n";
}

} // namespace

PolicyError describePythonError(const py::error_already_set& e, const std::string& who,
                                const std::string& file) {
    const py::module_ traceback = py::module_::import("traceback");
    const std::string details = tracebackText(e, traceback);
    std::string what;
    if (e.matches(g_error)) { // a rule the engine checked: its message says everything
        what = safeText(e.value());
    } else {
        what = who + ": " + safeText(e.type().attr("__name__")) + ": " + safeText(e.value());
    }
    // Where: the last frame in the policy's file (the user's line, not a library's), else the
    // last one; a syntax error says it itself.
    if (e.trace() && !e.matches(PyExc_SyntaxError)) {
        const py::list frames = traceback.attr("extract_tb")(e.trace());
        py::object at;
        for (const py::handle frame : frames) {
            if (at.is_none() || file.empty() || safeText(frame.attr("filename")) == file) {
                at = py::reinterpret_borrow<py::object>(frame);
            }
        }
        if (at && !at.is_none()) {
            what += " (in " + safeText(at.attr("name")) + ", at " +
                    safeText(py::module_::import("os").attr("path").attr("basename")(
                        at.attr("filename"))) +
                    ":" + safeText(at.attr("lineno")) + ")";
        }
    }
    for (char& c : what) { // one line
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return PolicyError(what, details);
}

void definePolicyTypes(py::module_& m) {
    g_error = py::register_exception<InputError>(m, "Error", PyExc_ValueError).ptr();
    m.attr("Error").attr("__doc__") =
        "An invalid input, or a rule of the model broken by a policy (a ValueError).";
    g_cancelled = PyErr_NewExceptionWithDoc(
        "reducelab.Cancelled",
        "A policy interrupted from another thread (the job was cancelled): a BaseException, so "
        "that `except Exception` in a policy does not swallow it.",
        PyExc_BaseException, nullptr);
    if (g_cancelled == nullptr) {
        throw py::error_already_set();
    }
    m.attr("Cancelled") = py::reinterpret_borrow<py::object>(g_cancelled);
    g_engineType = PyType_FromSpec(&kEngineSpec);
    if (g_engineType == nullptr) {
        throw py::error_already_set();
    }
    m.attr("Engine") = py::reinterpret_borrow<py::object>(g_engineType);
    py::dict scope;
    scope["__name__"] = m.attr("__name__");
    py::exec(kPolicySource, scope);
    g_policyType = scope["Policy"].ptr();
    Py_INCREF(g_policyType);
    m.attr("Policy") = scope["Policy"];
}

PythonCall::PythonCall() : m_scope(dynamic_cast<PolicyInterrupt*>(currentJobScope().get())) {
    adoptThread();
    m_state = PyGILState_Ensure();
    if (m_scope != nullptr) {
        m_thread = PyThread_get_thread_ident();
        m_scope->enter(m_thread);
    }
}

PythonCall::~PythonCall() {
    if (m_scope != nullptr) {
        m_scope->leave(m_thread);
        if (m_scope->interrupted()) { // an interruption sent too late must not stay pending
            PyThreadState_SetAsyncExc(m_thread, nullptr);
        }
    }
    PyGILState_Release(m_state);
}

bool PythonCall::interrupted() const {
    return m_scope != nullptr && m_scope->interrupted();
}

bool isCancellation(const py::error_already_set& e) {
    return g_cancelled != nullptr && e.matches(g_cancelled);
}

void PolicyInterrupt::interrupt() {
    m_interrupted = true;
    if (Py_IsInitialized() == 0 || g_cancelled == nullptr) {
        return;
    }
    const PyGILState_STATE state = PyGILState_Ensure();
    {
        const std::lock_guard lock(m_mutex);
        for (const unsigned long thread : m_threads) {
            PyThreadState_SetAsyncExc(thread, g_cancelled);
        }
    }
    PyGILState_Release(state);
}

void PolicyInterrupt::enter(unsigned long threadId) {
    const std::lock_guard lock(m_mutex);
    m_threads.insert(threadId);
}

void PolicyInterrupt::leave(unsigned long threadId) {
    const std::lock_guard lock(m_mutex);
    m_threads.erase(m_threads.find(threadId));
}

} // namespace rl::python
