# Layers: each folder of core/ and ui/ is one static library that may include and link only the
# layers below it. reducelab_layer() makes the target and checks, at configure time, that no
# source of the layer includes a header of a layer it does not depend on (directly or through
# its dependencies): an upward or sideways include fails the build, it is not a convention.
#
#   reducelab_layer(<prefix> <layer> SOURCES <files...> [DEPENDS <layers...>] [LIBS <targets...>])
#
# <prefix> is core or ui; the target is reducelab_<layer> (core) or reducelab_ui_<layer> (ui).
# Headers are included with their folder ("engine/kernel.h"), from core/ or ui/ as include root.

function(reducelab_layer prefix layer)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS;LIBS" ${ARGN})
  if(prefix STREQUAL "core")
    set(target reducelab_${layer})
  else()
    set(target reducelab_ui_${layer})
  endif()
  add_library(${target} STATIC ${L_SOURCES})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/${prefix})
  target_link_libraries(${target} PRIVATE reducelab_warnings)
  if(prefix STREQUAL "core" AND REDUCELAB_WITH_PYTHON)
    # The core is linked into the Python module, a shared library: position-independent code,
    # without semantic interposition (which would keep the compiler from inlining the core's
    # own functions), so that the programs run the same code as with -fPIE.
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    target_compile_options(${target} PRIVATE -fno-semantic-interposition)
  endif()
  # What this layer may include: itself, its dependencies and everything they may include.
  set(allowed ${prefix}/${layer})
  if(prefix STREQUAL "ui")
    # The front end stands on the whole core (it links reducelab_core through ui/common).
    list(APPEND allowed core/base core/platform core/schedule core/engine core/fastpath
         core/algorithms core/experiment core/theory core/models core/studies core/web)
  endif()
  foreach(dep IN LISTS L_DEPENDS)
    get_property(dep_allowed GLOBAL PROPERTY REDUCELAB_LAYER_ALLOWED_${dep})
    if(NOT dep_allowed)
      message(FATAL_ERROR "layer ${layer}: unknown dependency ${dep} (declare layers bottom-up)")
    endif()
    list(APPEND allowed ${dep_allowed})
    get_property(dep_target GLOBAL PROPERTY REDUCELAB_LAYER_TARGET_${dep})
    target_link_libraries(${target} PUBLIC ${dep_target})
  endforeach()
  list(REMOVE_DUPLICATES allowed)
  set_property(GLOBAL PROPERTY REDUCELAB_LAYER_ALLOWED_${prefix}/${layer} ${allowed})
  set_property(GLOBAL PROPERTY REDUCELAB_LAYER_TARGET_${prefix}/${layer} ${target})
  if(L_LIBS)
    target_link_libraries(${target} PUBLIC ${L_LIBS})
  endif()
  set(all_layers core/base core/platform core/schedule core/engine core/fastpath core/algorithms
      core/experiment core/theory core/models core/studies core/web ui/common ui/views ui/export ui/explorer
      ui/analysis ui/panels ui/shell)
  file(GLOB layer_files ${CMAKE_CURRENT_SOURCE_DIR}/*.h ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(file IN LISTS layer_files)
    file(STRINGS ${file} includes REGEX "^#include \"[a-z_]+/")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" folder "${line}")
      # mpi/ (the MPI runtimes, reducelab_mpi_library) stands above the whole core: no layer of
      # core/ or ui/ includes it.
      foreach(candidate IN ITEMS core/${folder} ui/${folder} ${folder})
        if((candidate IN_LIST all_layers OR candidate STREQUAL "mpi") AND NOT candidate IN_LIST allowed)
          file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${file})
          message(FATAL_ERROR "${rel}: '${line}' reaches layer ${candidate}, which ${prefix}/${layer} "
                              "does not depend on (see ARCHITECTURE.md, Layers)")
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()

# The MPI runtimes (mpi/, ARCHITECTURE.md): libraries above the whole core and below the
# programs, included as "mpi/<file>.h" from the project root. They may include every core layer
# and each other, never ui/ or app/ (checked here as reducelab_layer checks the core).
#
#   reducelab_mpi_library(<target> SOURCES <files...> [LIBS <targets...>])
function(reducelab_mpi_library target)
  cmake_parse_arguments(L "" "" "SOURCES;LIBS" ${ARGN})
  add_library(${target} STATIC ${L_SOURCES})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${target} PUBLIC reducelab_core MPI::MPI_CXX ${L_LIBS}
                        PRIVATE reducelab_warnings)
  foreach(file IN LISTS L_SOURCES)
    get_filename_component(path ${file} ABSOLUTE)
    file(STRINGS ${path} includes REGEX "^#include \"[a-z_]+/")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" folder "${line}")
      if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/ui/${folder} OR folder STREQUAL "ui"
         OR folder STREQUAL "app")
        file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${path})
        message(FATAL_ERROR "${rel}: '${line}' reaches ${folder}, above the MPI runtimes "
                            "(see ARCHITECTURE.md, Layers)")
      endif()
    endforeach()
  endforeach()
endfunction()
