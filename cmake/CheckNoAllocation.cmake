# Fails when an object file of the freestanding libraries (runtime/, kernels/, base/)
# references the heap or exception support. Run as:
#   cmake -DNM=nm -DLIBRARIES="a.a;b.a" -P CheckNoAllocation.cmake
set(FORBIDDEN "malloc|calloc|realloc|free|_Znwm|_Znam|_ZdlPv|_ZdaPv|_Znwj|_Znaj|__cxa_allocate_exception|__cxa_throw|__cxa_begin_catch|_Unwind_Resume|__gxx_personality")
foreach(library ${LIBRARIES})
  execute_process(COMMAND ${NM} --undefined-only ${library}
                  OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "nm failed on ${library}")
  endif()
  string(REGEX MATCHALL "[ \t]U[ \t]+(${FORBIDDEN})[^\n]*" hits "${symbols}")
  if(hits)
    message(FATAL_ERROR "${library} must not allocate or throw, but references:${hits}")
  endif()
  # operator new/delete with alignment or nothrow variants mangle with longer names.
  string(REGEX MATCHALL "[ \t]U[ \t]+(_Znw|_Zna|_Zdl|_Zda)[^\n]*" hits "${symbols}")
  if(hits)
    message(FATAL_ERROR "${library} must not allocate, but references:${hits}")
  endif()
endforeach()
message(STATUS "no allocation or exception symbols in: ${LIBRARIES}")
