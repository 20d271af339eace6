# Warning flags shared by every chesstool target.
function(chesstool_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
  if(CHESSTOOL_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
