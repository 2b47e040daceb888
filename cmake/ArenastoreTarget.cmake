# Helpers shared by every folder's CMakeLists.txt.

# arenastore_library(NAME FOLDER [FREESTANDING] DEPS ...): a static library of every .cc in
# FOLDER (non-recursive unless SUBDIRS are given), includes rooted at the repository.
function(arenastore_library name)
  cmake_parse_arguments(ARG "FREESTANDING" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                                            $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/generated>)
  target_compile_options(${name} PRIVATE ${ARENASTORE_WARNINGS})
  if(ARG_FREESTANDING)
    target_compile_options(${name} PRIVATE ${ARENASTORE_FREESTANDING_FLAGS})
  endif()
  if(ARG_DEPS)
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  endif()
endfunction()
