// REQUIRES: cuda-runtime, cuda-stub
// RUN: %cc -std=c99 -Wall -Wextra -pedantic -Werror -I%aotc_src/include -c %s -o %t.o
// RUN: %cc %t.o -L%aotc_lib -laotc_cuda_runtime -L%cuda_stubs -lcuda -lpthread -o %t
// RUN: rm -rf %t.lib && mkdir %t.lib && ln -s %cuda_stubs/libcuda.so %t.lib/libcuda.so.1
// RUN: env LD_LIBRARY_PATH=%t.lib %t | FileCheck %s

// libaotc_cuda_runtime compiles as C99 against its header and links against
// the CUDA toolkit's stub libcuda, which needs no GPU. Run against the stub
// (every driver call fails), each entry point reports the failure through
// its return code and aotc_cuda_last_error() instead of crashing, a failed
// call skips its launches, and the message belongs to the failing thread.

#include "aotc/Runtime/aotc_cuda_runtime.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void *otherThread(void *arg) {
  (void)arg;
  printf("other thread: '%s'\n", aotc_cuda_last_error());
  return NULL;
}

int main(void) {
  static const char names[] = "k0\0k1";
  static const float weights[64] = {1.0f};
  aotc_cuda_image image = {AOTC_CUDA_IMAGE_VERSION,
                           2,
                           names,
                           ".version 7.0\n.target sm_80\n.address_size 64\n",
                           NULL,
                           0,
                           weights,
                           sizeof(weights)};
  aotc_cuda_module *module = NULL;
  aotc_cuda_call call;
  pthread_t thread;
  void *args[1] = {NULL};

  // CHECK: before: ''
  printf("before: '%s'\n", aotc_cuda_last_error());

  // An image of another version is refused before the driver is touched.
  image.version = 99;
  // CHECK-NEXT: begin(version 99) = 3
  printf("begin(version 99) = %d\n",
         aotc_cuda_begin(&call, &module, &image, NULL, NULL, 0));
  // CHECK-NEXT: aotc cuda runtime: the object's image has version 99, this runtime reads version 1
  printf("%s\n", aotc_cuda_last_error());
  // CHECK-NEXT: end = 3
  printf("end = %d\n", aotc_cuda_end(&call, 1));

  // The stub's cuInit fails: a driver error, and the module stays unloaded.
  image.version = AOTC_CUDA_IMAGE_VERSION;
  // CHECK-NEXT: begin = 2
  printf("begin = %d\n",
         aotc_cuda_begin(&call, &module, &image, NULL, NULL, 1024));
  // CHECK-NEXT: aotc cuda runtime: cuInit failed: {{CUDA_ERROR_STUB_LIBRARY|CUDA error 34}}
  printf("%s\n", aotc_cuda_last_error());
  // CHECK-NEXT: module NULL: 1, weights NULL: 1, temp NULL: 1
  printf("module NULL: %d, weights NULL: %d, temp NULL: %d\n", module == NULL,
         aotc_cuda_weights(&call) == NULL, aotc_cuda_temp(&call) == NULL);
  // CHECK-NEXT: launch = 2
  printf("launch = %d\n", aotc_cuda_launch(&call, 0, 1, 1, 1, 1, 1, 1, 0, args));
  // CHECK-NEXT: end = 2
  printf("end = %d\n", aotc_cuda_end(&call, 1));

  // CHECK-NEXT: other thread: ''
  if (pthread_create(&thread, NULL, otherThread, NULL) ||
      pthread_join(thread, NULL))
    return 1;
  return strstr(aotc_cuda_last_error(), "cuInit") ? 0 : 1;
}
