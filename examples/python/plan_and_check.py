#!/usr/bin/env python3
"""Plan a model for three ISAs, print its RAM table, ask the gate about a device, run a sample.

    PYTHONPATH=build/python python3 examples/python/plan_and_check.py [MODEL.tflite]

Without a model, the built-in keyword spotter (ds-cnn) is used. The device in this example is a
Cortex-M55 (arm_mve kernels) with 64 KiB of SRAM for the arena.
"""
import sys

import numpy as np

import arenastore

ISAS = ["ref", "arm_dsp", "arm_mve"]
DEVICE = {"isa": "arm_mve", "pools": {"sram": "64K"}}


def compile_for(isa):
    if len(sys.argv) > 1:
        return arenastore.compile(sys.argv[1], target=isa)
    return arenastore.compile(example="ds-cnn", target=isa)


def main():
    artifacts = {isa: compile_for(isa) for isa in ISAS}
    print(f"{'isa':<10} {'planned B':>10} {'lower bound B':>14} {'peak step':>10} "
          f"{'scratch B':>10}")
    for isa, artifact in artifacts.items():
        plan = artifact.plan
        scratch = sum(op.scratch_bytes for op in plan.scratch)
        print(f"{isa:<10} {plan.planned_bytes:>10} {plan.lower_bound_bytes:>14} "
              f"{plan.peak_step:>10} {scratch:>10}")

    # The gate, as the device would judge the artifact planned for its ISA and the one for ref.
    for isa in ("arm_mve", "ref"):
        verdict = artifacts[isa].check(isa=DEVICE["isa"], pools=DEVICE["pools"])
        print(f"\n{isa} artifact on the device ({DEVICE['isa']}, sram 64K): {verdict.verdict}")
        for finding in verdict.findings:
            print(f"  {finding.severity:<6} {finding.message}")
        if verdict.advice is not None:
            print(f"  next: {verdict.advice.command}")

    # A sample: a quantized ramp through the reference artifact, here on this machine.
    artifact = artifacts["ref"]
    tensor = artifact.inputs[0]
    ramp = np.linspace(-1.0, 1.0, int(np.prod(tensor.shape))).reshape(tensor.shape)
    sample = arenastore.quantize(ramp, tensor) if tensor.scale is not None else ramp.astype(
        tensor.dtype)
    output = artifact.run(sample)[0]
    values = (arenastore.dequantize(output, artifact.outputs[0])
              if artifact.outputs[0].scale is not None else output)
    print(f"\nran {artifact.model_name}: output {list(output.shape)} {output.dtype}, "
          f"largest at {int(np.argmax(values))}")


if __name__ == "__main__":
    main()
