# Fails, naming every file and line, when a source of base/, kernels/, runtime/ or planner/
# includes a named operator's header (ops/<op>/...). Those layers reach operators only through the
# lists (ops/op_list.h, ops/op_selection.h and the generated ops/built_ops.h, ops/op_headers.h,
# ops/op_attributes.h), so what several operators share lives in a family unit of the layer and
# the operators include it, never the other way round (docs/adding-an-operator.md). Run as:
#   cmake -DSOURCE_DIR=/path/to/arenastore -P CheckLayerIncludes.cmake
if(NOT IS_DIRECTORY "${SOURCE_DIR}/ops")
  message(FATAL_ERROR "CheckLayerIncludes: SOURCE_DIR '${SOURCE_DIR}' is not the source tree")
endif()

# An operator's header is one in a folder under ops/; the lists sit in ops/ itself.
set(named_include "#[ \t]*include[ \t]*[<\"]ops/[^/\">]+/[^\">]*[\">]")
set(violations)
foreach(layer base kernels runtime planner)
  file(GLOB_RECURSE sources LIST_DIRECTORIES false "${SOURCE_DIR}/${layer}/*.h"
       "${SOURCE_DIR}/${layer}/*.cc" "${SOURCE_DIR}/${layer}/*.c" "${SOURCE_DIR}/${layer}/*.inc")
  list(SORT sources)
  foreach(source IN LISTS sources)
    file(READ "${source}" rest)
    file(RELATIVE_PATH where "${SOURCE_DIR}" "${source}")
    set(line 1)
    # Each match: its line is one more than the newlines before it.
    while(rest MATCHES "${named_include}")
      set(include "${CMAKE_MATCH_0}")
      string(FIND "${rest}" "${include}" at)
      string(SUBSTRING "${rest}" 0 ${at} before)
      string(REGEX MATCHALL "\n" newlines "${before}")
      list(LENGTH newlines count)
      math(EXPR line "${line} + ${count}")
      list(APPEND violations "${where}:${line}: ${include}")
      string(LENGTH "${include}" length)
      math(EXPR after "${at} + ${length}")
      string(SUBSTRING "${rest}" ${after} -1 rest)
    endwhile()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " listed)
  message(FATAL_ERROR "base/, kernels/, runtime/ and planner/ must include no operator's own "
                      "header; include the op lists, or move what the operators share into a "
                      "family unit of the layer:\n  ${listed}")
endif()
message(STATUS "base/, kernels/, runtime/, planner/ include no operator's own header")
