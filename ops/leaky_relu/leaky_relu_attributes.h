// leaky_relu's attributes on a graph operator: alpha, the slope below zero. Set by its TFLite
// mapping and the artifact reader, read by its planner lowering
// (ops/leaky_relu/leaky_relu_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct LeakyReluAttributes {
  float alpha = 0.0f;  // TensorFlow Lite's LeakyReluOptions.alpha
};

}  // namespace arenastore::planner
