# Precompiled headers for the Qt side of the build. Parsing Qt Widgets, Qt Test and QCustomPlot
# is most of the compile time of a ui/ source or a test (5 to 10 s each, about 60 % of a
# clean build): with a precompiled header they are parsed once per group of targets that share
# compile definitions, which both GCC and clang require of a PCH that is reused.
#
#   reducelab_pch_group(<name> LIBS <targets...> [HEADERS <headers...>])
#       makes the object library <name> that compiles the PCH, linked with LIBS (what gives the
#       group its compile definitions and include paths);
#   reducelab_use_pch(<target> <name>)
#       makes <target> reuse it (the target must link the same libraries, so that its
#       definitions are the group's).
#
# Only external headers go in: a change to a project header must not rebuild everything, and
# the layer check reads each source's own includes. REDUCELAB_PCH=OFF builds without them.
option(REDUCELAB_PCH "Precompile the Qt, Qt Test and QCustomPlot headers" ON)

set(REDUCELAB_PCH_STD_HEADERS <algorithm> <cmath> <functional> <map> <memory> <optional> <string>
    <vector>)

function(reducelab_pch_group name)
  cmake_parse_arguments(P "" "" "LIBS;HEADERS" ${ARGN})
  if(NOT REDUCELAB_PCH)
    return()
  endif()
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
  if(NOT EXISTS ${source})
    file(WRITE ${source} "// The translation unit that compiles ${name}'s precompiled header.\n")
  endif()
  add_library(${name} OBJECT ${source})
  target_link_libraries(${name} PRIVATE ${P_LIBS} reducelab_warnings)
  target_precompile_headers(${name} PRIVATE ${P_HEADERS} ${REDUCELAB_PCH_STD_HEADERS})
endfunction()

function(reducelab_use_pch target name)
  if(REDUCELAB_PCH)
    target_precompile_headers(${target} REUSE_FROM ${name})
  endif()
endfunction()
