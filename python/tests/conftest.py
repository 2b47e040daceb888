"""Shared fixtures: the built CLI to compare against (ARENASTORE_CLI, set by ctest), the real
models (ARENASTORE_SHARED_DIR/models, skipped with the reason when absent) and a runner that
returns the CLI's exit code, stdout and stderr."""
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

EXAMPLES = ["ds-cnn", "mobilenet-v1", "resnet8", "all-ops", "coverage", "svdf-kws",
            "lstm-gesture"]
STATEFUL_EXAMPLES = ["svdf-kws", "lstm-gesture"]


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


def _cli_path() -> Path:
    path = os.environ.get("ARENASTORE_CLI")
    if not path:
        path = Path(__file__).resolve().parents[2] / "build" / "tools" / "arenastore"
    return Path(path)


@pytest.fixture(scope="session")
def cli():
    path = _cli_path()
    if not path.exists():
        pytest.fail(f"the CLI {path} is not built; build the `arenastore` target or set "
                    "ARENASTORE_CLI")

    def run(*args, check=True) -> CliResult:
        done = subprocess.run([str(path), *map(str, args)], capture_output=True, text=True)
        result = CliResult(done.returncode, done.stdout, done.stderr)
        if check and done.returncode != 0:
            raise AssertionError(f"arenastore {' '.join(map(str, args))} exited "
                                 f"{done.returncode}: {done.stderr}")
        return result

    return run


def shared_dir() -> Path:
    return Path(os.environ.get("ARENASTORE_SHARED_DIR",
                               Path(__file__).resolve().parents[3] / "shared"))


def _models_in(folder: Path):
    """The .tflite models in `folder`, or a skip saying where they were looked for."""
    models = sorted(folder.glob("*.tflite"))
    if not models:
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"no real models: {folder} holds no .tflite files"))]
    return [pytest.param(model, id=model.stem) for model in models]


def shared_models():
    """The real .tflite models beside the checkout (../shared/models)."""
    return _models_in(shared_dir() / "models")


def stateful_models():
    """The real models that keep state between invokes (../shared/models/stateful: an SVDF
    keyword model and an LSTM, with TensorFlow Lite Micro's outputs in golden/)."""
    return _models_in(shared_dir() / "models" / "stateful")
