"""Types (issue #38, "Types and help"): every public function and class of the package has type
hints that resolve, the compiled extension has a stub (_reducelab.pyi) naming exactly what it
exports with the extension's parameter names, and the py.typed marker and the stub lie beside
the package in the build tree and where it is installed. No type checker is needed for this."""
import ast
import inspect
import os
import pathlib
import re
import subprocess
import typing

import numpy as np
import pytest

import reducelab
from reducelab import _reducelab

PACKAGE_DIR = pathlib.Path(reducelab.__file__).parent
STUB = PACKAGE_DIR / "_reducelab.pyi"


def public(name):
    return not name.startswith("_") or name == "__version__"


@pytest.fixture(scope="module")
def stub():
    return ast.parse(STUB.read_text(), filename=str(STUB))


def stub_names(body):
    """The names a module's or a class's body binds: classes, functions, annotated or assigned
    names."""
    out = {}
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node
    return out


def stub_params(fn):
    a = fn.args
    names = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
    return [n for n in names if n != "self"]


def pybind_params(fn):
    """The parameter names of a pybind11 function, from the signature its docstring opens
    with ("simulate(algorithm: object, platform: dict, ...) -> dict")."""
    doc = fn.__doc__.lstrip()
    m = re.match(r"\w+\((.*?)\)\s*->", doc.split("\n", 1)[0])
    assert m, doc
    inner, depth, fields, cur = m.group(1), 0, [], ""
    for ch in inner:
        depth += ch in "[(" and 1 or ch in "])" and -1 or 0
        if ch == "," and depth == 0:
            fields.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        fields.append(cur)
    return [f.split(":")[0].strip() for f in fields]


def test_the_stub_names_exactly_what_the_extension_exports(stub):
    exported = {n for n in dir(_reducelab) if public(n)}
    stubbed = {n for n in stub_names(stub.body) if public(n)}
    assert stubbed == exported, (f"missing from the stub: {sorted(exported - stubbed)}; "
                                 f"not in the extension: {sorted(stubbed - exported)}")


def test_the_stubs_functions_have_the_extensions_parameters(stub):
    for name, node in stub_names(stub.body).items():
        if isinstance(node, ast.FunctionDef) and public(name):
            assert stub_params(node) == pybind_params(getattr(_reducelab, name)), name
            assert node.returns is not None, name
            assert all(p.annotation is not None for p in node.args.args), name


def test_the_stubs_engine_and_policy_have_their_members(stub):
    classes = {n: node for n, node in stub_names(stub.body).items()
               if isinstance(node, ast.ClassDef)}
    engine = stub_names(classes["Engine"].body)
    assert {n for n in engine if public(n)} == \
        {n for n in dir(_reducelab.Engine) if public(n)}
    for name, node in engine.items():
        if isinstance(node, ast.FunctionDef) and name not in ("time", "n", "replicate",
                                                              "noncommutative"):
            actual = list(inspect.signature(getattr(_reducelab.Engine, name)).parameters)
            assert stub_params(node) == [p for p in actual if p != "self"], name
    policy = stub_names(classes["Policy"].body)
    defined = {n for n in vars(_reducelab.Policy) if public(n)}
    assert {n for n in policy if public(n)} == defined
    for name in defined:
        value = vars(_reducelab.Policy)[name]
        if callable(value):
            assert stub_params(policy[name]) == \
                [p for p in inspect.signature(value).parameters if p != "self"], name
    for cls in ("Error", "Cancelled"):
        bases = [ast.unparse(b) for b in classes[cls].bases]
        assert bases == [c.__name__ for c in getattr(_reducelab, cls).__bases__]


def hints(obj, module):
    """The resolved hints of obj; the names the package imports for type checkers only
    (TYPE_CHECKING: pandas, matplotlib, _api's aliases) given."""
    import matplotlib.axes
    import pandas
    from reducelab import _api

    return typing.get_type_hints(obj, globalns=vars(module),
                                 localns={**vars(_api), "pandas": pandas,
                                          "matplotlib": matplotlib})


def check_function(fn, where, method=False):
    sig = inspect.signature(fn)
    params = [p for i, p in enumerate(sig.parameters.values()) if not (method and i == 0)]
    for p in params:
        assert p.annotation is not inspect.Parameter.empty, f"{where}: {p.name} has no hint"
    if fn.__name__ != "__init__":
        assert sig.return_annotation is not inspect.Signature.empty, f"{where}: no return hint"
    resolved = hints(fn, inspect.getmodule(fn))  # every hint names something real
    assert {p.name for p in params} <= set(resolved), where


def package_classes():
    for name in reducelab.__all__:
        obj = getattr(reducelab, name)
        if isinstance(obj, type) and obj.__module__.startswith("reducelab._") and \
                obj.__module__ != "reducelab._reducelab":
            yield name, obj


def test_every_public_function_of_the_package_has_hints():
    functions = [n for n in reducelab.__all__ if inspect.isfunction(getattr(reducelab, n))]
    assert {"simulate", "monte_carlo", "sweep", "gamma", "law", "algorithms"} <= set(functions)
    for name in functions:
        check_function(getattr(reducelab, name), name)


def test_every_public_class_of_the_package_has_hints():
    names = {n for n, _ in package_classes()}
    assert {"Schedule", "Summary", "MonteCarloResult", "Law", "Comparison",
            "SweepColumns"} <= names
    for name, cls in package_classes():
        for klass in cls.__mro__:
            if not klass.__module__.startswith("reducelab."):
                continue
            for attr, value in vars(klass).items():
                if inspect.isfunction(value) and (not attr.startswith("_") or
                                                  attr.startswith("__") or
                                                  attr == "_repr_html_"):
                    check_function(value, f"{klass.__name__}.{attr}", method=True)


def instances():
    r = reducelab.monte_carlo(["tree-dyn", "binomial"], n=8, replicates=20, keep_samples=True)
    yield reducelab.simulate("tree-dyn", n=8)
    yield r
    yield r["tree-dyn"]
    yield r.compare("tree-dyn", "binomial")
    yield reducelab.gamma(1, 0.5)
    yield reducelab.sweep("fig4", n=8, replicates=10, cv=1, as_pandas=False)


def test_every_public_attribute_of_a_result_is_annotated():
    for obj in instances():
        cls = type(obj)
        annotated = set()
        for klass in cls.__mro__:
            if klass.__module__.startswith("reducelab."):
                annotated |= set(hints(klass, inspect.getmodule(klass)))
        attrs = set(getattr(obj, "__dict__", {})) | set(getattr(cls, "__slots__", ()))
        missing = {a for a in attrs if not a.startswith("_")} - annotated
        assert not missing, f"{cls.__name__}: {sorted(missing)} without a hint"


def test_typing_files_lie_beside_the_extension_in_the_build_tree():
    extension = pathlib.Path(_reducelab.__file__)
    assert extension.parent == PACKAGE_DIR
    assert (PACKAGE_DIR / "py.typed").is_file()
    assert STUB.is_file()
    source = pathlib.Path(__file__).resolve().parents[2] / "python" / "reducelab"
    if source.is_dir():  # the copies are the sources'
        assert STUB.read_text() == (source / "_reducelab.pyi").read_text()


def test_typing_files_are_installed_with_the_package(tmp_path):
    build, cmake = os.environ.get("REDUCELAB_BUILD_DIR"), os.environ.get("REDUCELAB_CMAKE")
    if not build or not cmake:
        pytest.skip("REDUCELAB_BUILD_DIR or REDUCELAB_CMAKE is not set")
    # The python/ directory's install rules alone (what `cmake --install` and the .deb put
    # there), into a scratch prefix.
    r = subprocess.run([cmake, "-DCMAKE_INSTALL_PREFIX=/usr", "-P",
                        os.path.join(build, "python", "cmake_install.cmake")],
                       env={**os.environ, "DESTDIR": str(tmp_path)}, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    installed = tmp_path / "usr" / "lib" / "python3" / "dist-packages" / "reducelab"
    names = {p.name for p in installed.iterdir()}
    assert {"py.typed", "_reducelab.pyi", "__init__.py", "_api.py"} <= names, names
    assert any(n.startswith("_reducelab.") and n.endswith(".so") for n in names), names
    # Every module of the package is installed.
    assert {p.name for p in PACKAGE_DIR.glob("*.py")} <= names
