// Session: an artifact set up to run on this host as `arenastore run` sets it up (policy, the ISA
// it plays, the memory limit, the gate, then HostExecutor), and frames run through it. Refuses
// what the gate rejects with GateRejected carrying the verdict `run --json` prints. Kernels run
// without the GIL; one mutex per session serialises its calls, so threads may share one.
//
// Two ways in. `run` takes any buffers and returns bytes (frames, conversions: the general path).
// `run_into` (a builtin bound to the session, see BindRunInto) is one frame from numpy arrays
// that are exactly what the model takes, into arrays the caller owns or that it allocates: no
// argument conversion, the bytes copied once in and once out. For a model of a microsecond the
// call is most of the time, so this path is plain CPython (METH_FASTCALL) and numpy's C API
// (an array's flags, dtype and data are fields; the buffer protocol costs more than the model).
// `bind_run` makes the builtin that a Python `run` method's instances call instead of the
// method: run_into on run(x) and run(x, out=y), the method itself on anything else.
#include <pybind11/stl.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL arenastore_python_ARRAY_API
#include <numpy/arrayobject.h>

#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "python/src/artifact_handle.h"
#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"
#include "tools/gate_report.h"
#include "tools/host_executor.h"
#include "tools/host_runtime.h"

namespace py = pybind11;

namespace arenastore::python {
namespace {

class Session {
 public:
  static std::unique_ptr<Session> Open(std::shared_ptr<ArtifactHandle> artifact,
                                       const std::string& isa, const std::string& policy_text,
                                       const std::string& max_memory) {
    std::unique_ptr<Session> session(new Session());
    session->artifact_ = std::move(artifact);
    const cli::LoadedArtifact& loaded = session->artifact_->loaded;
    const runtime::ArtifactView& view = session->artifact_->view;
    const runtime::GatePolicy policy = ValueOrThrow(cli::ParsePolicyOption(policy_text));
    ThrowIfError(cli::CheckMemoryLimit(loaded.source, max_memory, view.artifact()));
    session->host_ =
        ValueOrThrow(cli::HostRuntimeFor(isa, view.artifact(), cli::IsaUse::kRunHere));
    session->gate_ = cli::RunGate(view, session->host_.identity, policy, {});
    std::optional<cli::GateAdvice> advice;
    if (session->gate_.report.verdict != runtime::Verdict::kAccept) {
      advice = cli::AdviseReplan(loaded, view, session->host_.identity, policy, {});
    }
    nlohmann::json verdict = cli::VerdictJson(session->gate_, session->host_, policy, advice);
    verdict["source"] = loaded.source;
    verdict["sha256"] = loaded.sha256;
    if (session->gate_.report.verdict == runtime::Verdict::kReject) {
      verdict["ran"] = false;
      Raise(Status::Error(ErrorCode::kGateRejected, "%s rejected by the gate; nothing ran",
                          loaded.source.c_str()),
            verdict.dump());
    }
    session->verdict_json_ = verdict.dump();
    session->executor_ = ValueOrThrow(
        cli::HostExecutor::Create(view, session->host_.identity.isa, session->gate_.variant_per_op));
    runtime::Executor& executor = session->executor_->executor();
    for (size_t i = 0; i < view.artifact().inputs()->size(); ++i) {
      session->input_bytes_.push_back(executor.InputTensor(static_cast<int32_t>(i)).size());
    }
    for (size_t i = 0; i < view.artifact().outputs()->size(); ++i) {
      session->output_bytes_.push_back(executor.OutputTensor(static_cast<int32_t>(i)).size());
    }
    return session;
  }

  // `inputs`: one contiguous buffer per model input, `frames` tensors back to back in each.
  // Returns every output's bytes, `frames` tensors back to back. `reset`: start from the
  // model's initial state (a stateless run), else continue from the last call's.
  std::vector<py::bytes> Run(const std::vector<py::buffer>& inputs, int64_t frames, bool reset) {
    const runtime::ArtifactView& view = artifact_->view;
    runtime::Executor& executor = executor_->executor();
    const size_t input_count = view.artifact().inputs()->size();
    if (frames < 1) {
      Raise(Status::Error(ErrorCode::kInvalidArgument, "frames must be at least 1, not %lld",
                          static_cast<long long>(frames)));
    }
    if (inputs.size() != input_count) {
      Raise(Status::Error(ErrorCode::kInvalidArgument, "the model has %zu inputs, %zu given",
                          input_count, inputs.size()));
    }
    std::vector<cli::AlignedBytes> frame_bytes;
    for (size_t i = 0; i < input_count; ++i) {
      const py::buffer_info info = inputs[i].request();
      const size_t given = static_cast<size_t>(info.size * info.itemsize);
      const size_t needed = executor.InputTensor(static_cast<int32_t>(i)).size() *
                            static_cast<size_t>(frames);
      if (given != needed) {
        const schema::Tensor& tensor = *view.artifact().tensors()->Get(
            static_cast<flatbuffers::uoffset_t>(view.artifact().inputs()->Get(
                static_cast<flatbuffers::uoffset_t>(i))));
        Raise(Status::Error(ErrorCode::kInvalidInput,
                            "input %zu: %zu bytes given, the model's input %zu needs %zu raw %s "
                            "bytes (%lld frames)",
                            i, given, i, needed, runtime::DataTypeName(tensor.type()),
                            static_cast<long long>(frames)));
      }
      frame_bytes.emplace_back(needed);
      if (needed > 0) std::memcpy(frame_bytes.back().data(), info.ptr, needed);
    }
    std::vector<std::vector<uint8_t>> outputs(view.artifact().outputs()->size());
    Status status;
    {
      py::gil_scoped_release release;
      const std::lock_guard<std::mutex> lock(mutex_);
      status = RunFrames(executor, frame_bytes, static_cast<size_t>(frames), reset, &outputs);
    }
    ThrowIfError(status);
    std::vector<py::bytes> result;
    for (const std::vector<uint8_t>& bytes : outputs) {
      result.emplace_back(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    return result;
  }

  // One frame from `inputs` (an array, or a list/tuple of them, one per input) into `outputs`
  // (likewise, or None: new arrays). Returns a new reference to the list of output arrays (the
  // caller's list itself when it gave one); Py_None, run nothing, when an array is not exactly
  // what the model takes (exact ndarrays, C-contiguous, native byte order, the tensor's dtype
  // and bytes, outputs writable): the caller then takes the general path, which converts or says
  // what is wrong; nullptr with a Python error set when the run fails. Needs the GIL; releases
  // it around the kernels.
  PyObject* RunInto(PyObject* inputs, PyObject* outputs, bool reset) {
    Arrays in;
    Arrays out;
    if (!in.Take(inputs, input_types_, input_bytes_, /*writable=*/false)) Py_RETURN_NONE;
    py::object made;  // the new output arrays, when `outputs` is None
    if (outputs == Py_None) {
      if (!Arrays::Fit(output_types_, output_bytes_)) Py_RETURN_NONE;
      made = NewOutputs(out);
      if (!made) return nullptr;
    } else if (!out.Take(outputs, output_types_, output_bytes_, /*writable=*/true)) {
      Py_RETURN_NONE;
    }
    runtime::Executor& executor = executor_->executor();
    Status status;
    Py_BEGIN_ALLOW_THREADS
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      status = InvokeOnce(executor, in.tensors(), out.tensors(), reset);
    }
    Py_END_ALLOW_THREADS
    if (!status.ok()) {
      try {
        Raise(status);
      } catch (py::error_already_set& error) {
        error.restore();
      }
      return nullptr;
    }
    if (made) return made.release().ptr();
    if (PyList_CheckExact(outputs)) {
      Py_INCREF(outputs);
      return outputs;
    }
    if (PyTuple_CheckExact(outputs)) return PySequence_List(outputs);
    PyObject* list = PyList_New(1);
    if (list == nullptr) return nullptr;
    Py_INCREF(outputs);
    PyList_SET_ITEM(list, 0, outputs);
    return list;
  }

  // The C++ baseline of the overhead benchmark (python/bench/run_overhead.py): `calls` times the
  // per-call work of run_into (reset, inputs in, invoke, outputs out) from C++ buffers, timed as
  // the benchmark times Python's calls, without Python, the GIL hand-off or the session's
  // mutex. Returns the seconds. Serialised with the session's other calls.
  double TimeNativeCalls(const std::vector<py::buffer>& inputs, int64_t calls, bool reset) {
    std::vector<cli::AlignedBytes> in_storage;
    std::vector<cli::AlignedBytes> out_storage;
    std::vector<std::span<uint8_t>> in;
    std::vector<std::span<uint8_t>> out;
    in_storage.reserve(input_bytes_.size());
    out_storage.reserve(output_bytes_.size());
    for (size_t i = 0; i < input_bytes_.size(); ++i) {
      const py::buffer_info info = inputs.at(i).request();
      if (static_cast<size_t>(info.size * info.itemsize) != input_bytes_[i]) {
        Raise(Status::Error(ErrorCode::kInvalidArgument, "input %zu: %zu bytes, not %zu", i,
                            static_cast<size_t>(info.size * info.itemsize), input_bytes_[i]));
      }
      in_storage.emplace_back(input_bytes_[i]);
      if (input_bytes_[i] > 0) std::memcpy(in_storage.back().data(), info.ptr, input_bytes_[i]);
      in.push_back(in_storage.back().span());
    }
    for (size_t i = 0; i < output_bytes_.size(); ++i) {
      out_storage.emplace_back(output_bytes_[i]);
      out.push_back(out_storage.back().span());
    }
    runtime::Executor& executor = executor_->executor();
    Status status;
    double seconds = 0;
    {
      py::gil_scoped_release release;
      const std::lock_guard<std::mutex> lock(mutex_);
      const auto start = std::chrono::steady_clock::now();
      for (int64_t call = 0; call < calls && status.ok(); ++call) {
        status = InvokeOnce(executor, in, out, reset);
      }
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    ThrowIfError(status);
    return seconds;
  }

  void Reset() {
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> lock(mutex_);
    executor_->executor().ResetState();
  }

  const std::string& verdict_json() const { return verdict_json_; }

  // The numpy dtype number (dtype.num) of each input and output and each output's shape, which
  // run_into's arrays must have and makes. Set once, by the Python Session, which knows the
  // dtypes; until then run_into takes nothing.
  void SetDtypes(const std::vector<int>& inputs, const std::vector<int>& outputs,
                 const std::vector<std::vector<int64_t>>& output_shapes) {
    if (inputs.size() != input_bytes_.size() || outputs.size() != output_bytes_.size() ||
        output_shapes.size() != output_bytes_.size()) {
      Raise(Status::Error(ErrorCode::kInvalidArgument,
                          "dtypes for %zu inputs and %zu outputs, the model has %zu and %zu",
                          inputs.size(), outputs.size(), input_bytes_.size(),
                          output_bytes_.size()));
    }
    input_types_ = inputs;
    output_types_ = outputs;
    output_shapes_.clear();
    for (size_t i = 0; i < output_shapes.size(); ++i) {
      output_shapes_.emplace_back(output_shapes[i].begin(), output_shapes[i].end());
      PyArray_Descr* descr = PyArray_DescrFromType(output_types_[i]);
      if (descr == nullptr) throw py::error_already_set();
      size_t bytes = static_cast<size_t>(descr->elsize);
      Py_DECREF(descr);
      for (const int64_t dim : output_shapes[i]) bytes *= static_cast<size_t>(dim);
      if (bytes != output_bytes_[i]) {
        Raise(Status::Error(ErrorCode::kInvalidArgument,
                            "output %zu: that dtype and shape make %zu bytes, the model's %zu",
                            i, bytes, output_bytes_[i]));
      }
    }
  }

 private:
  Session() = default;

  // The arrays of one run_into call, each held (a reference) until it ends: another thread may
  // change a list the caller passed while the kernels run without the GIL.
  class Arrays {
   public:
    static constexpr size_t kMost = 4;  // more tensors take the general path

    Arrays() = default;
    Arrays(const Arrays&) = delete;
    Arrays& operator=(const Arrays&) = delete;
    ~Arrays() {
      for (size_t i = 0; i < held_; ++i) Py_DECREF(objects_[i]);
    }

    // Whether tensors of these dtypes and sizes can be held: as many dtypes as sizes (SetDtypes
    // called), and few enough.
    static bool Fit(const std::vector<int>& types, const std::vector<size_t>& bytes) {
      return bytes.size() <= kMost && types.size() == bytes.size();
    }

    std::span<const std::span<uint8_t>> tensors() const { return {spans_.data(), held_}; }

    // `objects`: one array, or a list/tuple of them, matching `types` and `bytes` one to one.
    bool Take(PyObject* objects, const std::vector<int>& types, const std::vector<size_t>& bytes,
              bool writable) {
      if (!Fit(types, bytes)) return false;
      const size_t count = bytes.size();
      const bool sequence = PyList_CheckExact(objects) || PyTuple_CheckExact(objects);
      if (sequence ? static_cast<size_t>(PySequence_Fast_GET_SIZE(objects)) != count
                   : count != 1) {
        return false;
      }
      const int flags = NPY_ARRAY_C_CONTIGUOUS | (writable ? NPY_ARRAY_WRITEABLE : 0);
      for (size_t i = 0; i < count; ++i) {
        PyObject* object =
            sequence ? PySequence_Fast_GET_ITEM(objects, static_cast<Py_ssize_t>(i)) : objects;
        if (!PyArray_CheckExact(object)) return false;
        auto* array = reinterpret_cast<PyArrayObject*>(object);
        if ((PyArray_FLAGS(array) & flags) != flags || PyArray_TYPE(array) != types[i] ||
            !PyArray_ISNOTSWAPPED(array) ||
            static_cast<size_t>(PyArray_NBYTES(array)) != bytes[i]) {
          return false;
        }
        Py_INCREF(object);
        objects_[held_] = object;
        spans_[held_] = std::span<uint8_t>(static_cast<uint8_t*>(PyArray_DATA(array)), bytes[i]);
        ++held_;
      }
      return true;
    }

    // An array known to be what the model takes, `bytes` long.
    void Hold(PyObject* array, size_t bytes) {
      Py_INCREF(array);
      objects_[held_] = array;
      spans_[held_] = std::span<uint8_t>(
          static_cast<uint8_t*>(PyArray_DATA(reinterpret_cast<PyArrayObject*>(array))), bytes);
      ++held_;
    }

   private:
    std::array<PyObject*, kMost> objects_{};
    std::array<std::span<uint8_t>, kMost> spans_{};
    size_t held_ = 0;
  };

  // A list of new arrays, one per output (its dtype and shape, made by SetDtypes to hold
  // exactly the output's bytes, so not checked again), each held in `out`; nullptr with a
  // Python error set when numpy cannot allocate.
  py::object NewOutputs(Arrays& out) const {
    py::object list = py::reinterpret_steal<py::object>(
        PyList_New(static_cast<Py_ssize_t>(output_types_.size())));
    if (!list) return list;
    for (size_t i = 0; i < output_types_.size(); ++i) {
      const std::vector<npy_intp>& dims = output_shapes_[i];
      PyObject* array = PyArray_SimpleNew(static_cast<int>(dims.size()),
                                          const_cast<npy_intp*>(dims.data()), output_types_[i]);
      if (array == nullptr) return py::object();
      PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), array);
      out.Hold(array, output_bytes_[i]);
    }
    return list;
  }

  // One stateless (reset) or stateful frame: what `run` does for one frame, from and into
  // the callers' bytes.
  static Status InvokeOnce(runtime::Executor& executor, std::span<const std::span<uint8_t>> in,
                           std::span<const std::span<uint8_t>> out, bool reset) {
    if (reset) executor.ResetState();
    for (size_t i = 0; i < in.size(); ++i) {
      ARENASTORE_RETURN_IF_ERROR(executor.SetInput(static_cast<int32_t>(i), in[i]));
    }
    ARENASTORE_RETURN_IF_ERROR(executor.Invoke());
    for (size_t i = 0; i < out.size(); ++i) {
      ARENASTORE_RETURN_IF_ERROR(executor.GetOutput(static_cast<int32_t>(i), out[i]));
    }
    return Status::Ok();
  }

  // As `run --frames` does: each frame's inputs, one invoke, its outputs.
  static Status RunFrames(runtime::Executor& executor, const std::vector<cli::AlignedBytes>& inputs,
                          size_t frames, bool reset, std::vector<std::vector<uint8_t>>* outputs) {
    if (reset) executor.ResetState();
    for (size_t frame = 0; frame < frames; ++frame) {
      ARENASTORE_RETURN_IF_ERROR(cli::SetFrame(executor, inputs, frame));
      ARENASTORE_RETURN_IF_ERROR(executor.Invoke());
      ARENASTORE_RETURN_IF_ERROR(cli::CollectOutputs(executor, outputs));
    }
    return Status::Ok();
  }

  std::shared_ptr<ArtifactHandle> artifact_;
  cli::HostRuntime host_;
  cli::GateRun gate_;  // the executor keeps its variant_per_op
  std::unique_ptr<cli::HostExecutor> executor_;
  std::string verdict_json_;
  std::vector<size_t> input_bytes_;   // one frame of each input
  std::vector<size_t> output_bytes_;  // one frame of each output
  std::vector<int> input_types_;   // numpy dtype numbers
  std::vector<int> output_types_;
  std::vector<std::vector<npy_intp>> output_shapes_;
  std::mutex mutex_;
};

// The session's builtins reach it through a capsule holding the session (and, as its context, a
// reference to the SessionHandle object that owns it). Calling a builtin costs what calling len()
// costs, where a pybind11 method would cost its argument casting on top. The capsule has no name:
// only the builtins bound here ever read it.
void ReleaseOwner(PyObject* capsule) {
  Py_XDECREF(static_cast<PyObject*>(PyCapsule_GetContext(capsule)));
}

py::object SessionCapsule(py::object handle) {
  Session& session = handle.cast<Session&>();
  py::object capsule =
      py::reinterpret_steal<py::object>(PyCapsule_New(&session, nullptr, &ReleaseOwner));
  if (!capsule) throw py::error_already_set();
  PyCapsule_SetContext(capsule.ptr(), handle.release().ptr());
  return capsule;
}

// Session::RunInto for a builtin: a C++ exception becomes a Python error (nullptr returned).
PyObject* CallRunInto(PyObject* capsule, PyObject* inputs, PyObject* outputs, bool reset) {
  auto* session = static_cast<Session*>(PyCapsule_GetPointer(capsule, nullptr));
  if (session == nullptr) return nullptr;
  try {
    return session->RunInto(inputs, outputs, reset);
  } catch (py::error_already_set& error) {
    error.restore();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
  }
  return nullptr;
}

// run_into(inputs, outputs, reset) -> list of outputs, or None (not run), as Session::RunInto.
// `self` is the capsule.
PyObject* RunIntoBuiltin(PyObject* capsule, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "run_into(inputs, outputs, reset) takes 3 arguments");
    return nullptr;
  }
  const int reset = PyObject_IsTrue(args[2]);
  if (reset < 0) return nullptr;
  return CallRunInto(capsule, args[0], args[1], reset != 0);
}

PyMethodDef run_into_definition = {
    "run_into", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&RunIntoBuiltin)),
    METH_FASTCALL,
    "run_into(inputs, outputs, reset) -> [outputs] or None: one frame from arrays that are "
    "exactly what the model takes into `outputs` (None: new arrays); None, nothing run, when an "
    "array is not"};

// The `out` of run(inputs, out=...) when a call is exactly that or run(inputs) (None then);
// nullptr for any other call.
PyObject* OnlyOut(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (nargs != 1) return nullptr;
  if (kwnames == nullptr) return Py_None;
  if (PyTuple_GET_SIZE(kwnames) != 1) return nullptr;
  PyObject* name = PyTuple_GET_ITEM(kwnames, 0);
  return PyUnicode_CompareWithASCIIString(name, "out") == 0 ? args[1] : nullptr;
}

// run(inputs, ..., out=None): the Python `run` method a builtin stands in for, on the one call
// a loop makes. `self` is (capsule, fallback, reset, definition). run(inputs) and
// run(inputs, out=...) whose arrays Session::RunInto takes run here; any other call (frames=,
// a dict, a float array, a mistake) goes with its arguments unchanged to `fallback`, the method
// itself, which converts, checks and raises as it always has.
PyObject* RunBuiltin(PyObject* bound, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* outputs = OnlyOut(args, nargs, kwnames);
  if (outputs != nullptr) {
    const bool reset = PyTuple_GET_ITEM(bound, 2) == Py_True;
    PyObject* result = CallRunInto(PyTuple_GET_ITEM(bound, 0), args[0], outputs, reset);
    if (result != Py_None) return result;  // the outputs, or nullptr: an error
    Py_DECREF(result);
  }
  return PyObject_Vectorcall(PyTuple_GET_ITEM(bound, 1), args, static_cast<size_t>(nargs), kwnames);
}

// A run builtin's definition, owned by the builtin (its `self` holds it): one per binding, so
// that each carries the docstring and signature of the method it stands for (help(),
// inspect.signature and a notebook's tooltip read them).
struct RunDefinition {
  std::string doc;
  PyMethodDef method;
};

py::object RunDefinitionCapsule(const std::string& doc) {
  auto definition = std::make_unique<RunDefinition>();
  definition->doc = doc;
  definition->method = {"run",
                        reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&RunBuiltin)),
                        METH_FASTCALL | METH_KEYWORDS, definition->doc.c_str()};
  py::object capsule = py::reinterpret_steal<py::object>(
      PyCapsule_New(definition.get(), nullptr, [](PyObject* owner) {
        delete static_cast<RunDefinition*>(PyCapsule_GetPointer(owner, nullptr));
      }));
  if (!capsule) throw py::error_already_set();
  definition.release();
  return capsule;
}

py::object BindRunInto(py::object handle) {
  py::object capsule = SessionCapsule(std::move(handle));
  PyObject* function = PyCFunction_NewEx(&run_into_definition, capsule.ptr(), nullptr);
  if (function == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(function);
}

// `fallback` must not hold the object whose attribute the builtin becomes, or neither is freed
// before the garbage collector runs (session.py keeps its general path apart for this).
// `doc`: the method's docstring under CPython's text signature line,
// "run($self, inputs, frames=1, out=None)\n--\n\n".
py::object BindRun(py::object handle, py::object fallback, bool reset, const std::string& doc) {
  py::object definition = RunDefinitionCapsule(doc);
  auto* method =
      &static_cast<RunDefinition*>(PyCapsule_GetPointer(definition.ptr(), nullptr))->method;
  py::tuple bound = py::make_tuple(SessionCapsule(std::move(handle)), std::move(fallback),
                                   py::bool_(reset), std::move(definition));
  PyObject* function = PyCFunction_NewEx(method, bound.ptr(), nullptr);
  if (function == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(function);
}

}  // namespace

void BindSession(py::module_& module) {
  if (_import_array() < 0) throw py::error_already_set();  // numpy's C API, for run_into
  py::class_<Session>(module, "SessionHandle")
      .def(py::init(&Session::Open), py::arg("artifact"), py::arg("isa"), py::arg("policy"),
           py::arg("max_memory"))
      .def("run", &Session::Run, py::arg("inputs"), py::arg("frames"), py::arg("reset"))
      .def("reset", &Session::Reset)
      .def("set_dtypes", &Session::SetDtypes, py::arg("inputs"), py::arg("outputs"),
           py::arg("output_shapes"))
      .def("bind_run_into", &BindRunInto)
      .def("bind_run", &BindRun, py::arg("fallback"), py::arg("reset"), py::arg("doc"))
      .def("time_native_calls", &Session::TimeNativeCalls, py::arg("inputs"), py::arg("calls"),
           py::arg("reset"))
      .def_property_readonly("verdict", &Session::verdict_json);
}

}  // namespace arenastore::python
