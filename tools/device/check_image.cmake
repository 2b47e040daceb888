# Fails the device build when a linked image contains the heap, exception support or OS
# system calls. Run after every device link:
#   cmake -DNM=arm-none-eabi-nm -DIMAGE=runner.elf -P check_image.cmake
set(FORBIDDEN
    "malloc|_malloc_r|calloc|realloc|free|_free_r|_sbrk|_sbrk_r|_Znw[a-zA-Z0-9_]*|_Zna[a-zA-Z0-9_]*|_Zdl[a-zA-Z0-9_]*|_Zda[a-zA-Z0-9_]*|__cxa_[a-z_]+|__gxx_personality_v0|_Unwind_[A-Za-z_]+|__aeabi_unwind_cpp_pr[0-9]")
execute_process(COMMAND ${NM} ${IMAGE} OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "nm failed on ${IMAGE}")
endif()
string(REGEX MATCHALL "[ \t][A-Za-z][ \t]+(${FORBIDDEN})\n" hits "${symbols}")
if(hits)
  string(REPLACE "\n" "" hits "${hits}")
  message(FATAL_ERROR "${IMAGE} must link no allocator, exception support or OS calls, "
                      "but contains:${hits}")
endif()
