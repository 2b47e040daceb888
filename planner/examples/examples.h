// Built-in example models with deterministic weights, so a fresh install can compile, check
// and run something real without downloading a model: a keyword-spotting DS-CNN, a
// MobileNet-v1-0.25 96x96 vision net, a CIFAR ResNet-8, a graph of the CNNs' ops (all-ops),
// one that samples the other operators (coverage), and two streaming models that keep state
// between invokes: a keyword spotter with SVDF layers (svdf-kws) and a gesture recognizer with
// an LSTM (lstm-gesture).
// Called by `arenastore compile --example NAME`, benchmarks and tests. Host-only.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"

namespace arenastore::planner {

struct ExampleInfo {
  const char* name;
  const char* description;
  Graph (*build)();
};

const std::vector<ExampleInfo>& Examples();

// kNotFound listing the known names when `name` is not one of them.
Result<Graph> BuildExample(const std::string& name);

Graph BuildDsCnn();
Graph BuildMobileNetV1();
Graph BuildResNet8();
Graph BuildAllOps();
Graph BuildCoverage();
Graph BuildSvdfKws();
Graph BuildLstmGesture();

}  // namespace arenastore::planner
