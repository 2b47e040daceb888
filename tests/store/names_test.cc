// Specifications of the names users give the store (store/names.h).
#include "store/names.h"

#include <gtest/gtest.h>

namespace arenastore::store {
namespace {

TEST(ModelName, IsTheFileNameWithoutAModelOrArtifactExtension) {
  EXPECT_EQ(ModelNameOf("kws_ref_model.tflite"), "kws_ref_model");
  EXPECT_EQ(ModelNameOf("../shared/models/vww_96_int8.tflite"), "vww_96_int8");
  EXPECT_EQ(ModelNameOf("out/kws.arena"), "kws");
  EXPECT_EQ(ModelNameOf("resnet8.v2"), "resnet8.v2") << "only known extensions are dropped";
  EXPECT_EQ(ModelNameOf("ds-cnn"), "ds-cnn");
  EXPECT_EQ(ModelNameOf(".tflite"), ".tflite") << "never an empty name";
}

TEST(ModelName, ValidationSaysWhatIsAllowed) {
  EXPECT_TRUE(ValidateModelName("kws_ref_model").ok());
  const Status bad = ValidateModelName("my model");
  EXPECT_EQ(bad.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(bad.message()).find("letters, digits"), std::string::npos);
}

}  // namespace
}  // namespace arenastore::store
