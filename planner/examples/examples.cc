#include "planner/examples/examples.h"

namespace arenastore::planner {

const std::vector<ExampleInfo>& Examples() {
  static const std::vector<ExampleInfo> examples = {
      {"ds-cnn", "keyword spotting DS-CNN, 49x10x1 MFCC input, 12 classes", &BuildDsCnn},
      {"mobilenet-v1", "MobileNet-v1-0.25 vision net, 96x96x3 input, 2 classes", &BuildMobileNetV1},
      {"resnet8", "CIFAR ResNet-8, 32x32x3 input, 10 classes", &BuildResNet8},
      {"all-ops", "a small graph of the MLPerf Tiny CNNs' operators and a few more", &BuildAllOps},
      {"coverage", "a small graph sampling the other operators, with a float output",
       &BuildCoverage},
      {"svdf-kws", "streaming keyword spotter, one 40-feature frame per invoke, SVDF state",
       &BuildSvdfKws},
      {"lstm-gesture",
       "streaming 16x8 gesture recognizer, one 6-feature step per invoke, LSTM state",
       &BuildLstmGesture},
  };
  return examples;
}

Result<Graph> BuildExample(const std::string& name) {
  std::string known;
  for (const ExampleInfo& example : Examples()) {
    if (name == example.name) return example.build();
    known += known.empty() ? "" : ", ";
    known += example.name;
  }
  return Status::Error(ErrorCode::kNotFound, "no built-in example '%s'; known examples: %s",
                       name.c_str(), known.c_str());
}

}  // namespace arenastore::planner
