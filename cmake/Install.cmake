# Installation and the Debian package: `cmake --install build [--prefix P]`, `cpack -G DEB`
# (run in the build folder). Installs the executables, the desktop entry, the AppStream
# metainfo, hicolor icons, man pages (generated with help2man when it is installed), bash
# completion and the example scenarios. Without the GUI (REDUCELAB_GUI=OFF): the command-line
# programs, their man pages, completion and examples only.
include(GNUInstallDirs)

set(REDUCELAB_APP_ID org.reducelab.ReduceLab)
set(REDUCELAB_HOMEPAGE "https://reducelab.org" CACHE STRING
    "Project home page, for the AppStream metainfo (its screenshots live under /screenshots)")
set(REDUCELAB_DATA_DIR ${CMAKE_INSTALL_FULL_DATADIR}/reducelab)

set(REDUCELAB_EXECUTABLES reducelab-cli)
if(TARGET reducelab)
  list(PREPEND REDUCELAB_EXECUTABLES reducelab)
endif()
if(TARGET reducelab-mpi)
  list(APPEND REDUCELAB_EXECUTABLES reducelab-mpi)
endif()
install(TARGETS ${REDUCELAB_EXECUTABLES} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(linux ${PROJECT_SOURCE_DIR}/resources/linux)
if(REDUCELAB_GUI)
  install(FILES ${linux}/${REDUCELAB_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  configure_file(${linux}/${REDUCELAB_APP_ID}.metainfo.xml.in
                 ${PROJECT_BINARY_DIR}/${REDUCELAB_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${REDUCELAB_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

  set(icons ${PROJECT_SOURCE_DIR}/resources/icons)
  install(FILES ${icons}/${REDUCELAB_APP_ID}.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  foreach(size 16 32 48 64 128 256 512)
    install(FILES ${icons}/${REDUCELAB_APP_ID}-${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
            RENAME ${REDUCELAB_APP_ID}.png)
  endforeach()
endif()

install(FILES ${linux}/reducelab-cli.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME reducelab-cli)
if(TARGET reducelab-mpi)
  # bash-completion loads completions by command name: the same file serves both.
  install(FILES ${linux}/reducelab-cli.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME reducelab-mpi)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/examples/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/reducelab/examples FILES_MATCHING PATTERN "*.json")
# The example policies (docs/python.md): reducelab-cli --policy /usr/share/reducelab/policies/X.py
if(REDUCELAB_WITH_PYTHON)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/examples/
          DESTINATION ${CMAKE_INSTALL_DATADIR}/reducelab/policies FILES_MATCHING PATTERN "*.py")
endif()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/reducelab)

# Man pages from each executable's --help and --version (both work without a display).
find_program(HELP2MAN help2man)
if(HELP2MAN)
  foreach(exe ${REDUCELAB_EXECUTABLES})
    if(exe STREQUAL "reducelab")
      set(what "see how reduction algorithms behave on unpredictable platforms (GUI)")
    elseif(exe STREQUAL "reducelab-mpi")
      set(what "Monte Carlo and sweeps of reducelab-cli spread over MPI ranks")
    else()
      set(what "simulate reduction algorithms, Monte Carlo, sweeps, theory (command line)")
    endif()
    add_custom_command(
      OUTPUT ${PROJECT_BINARY_DIR}/man/${exe}.1
      COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
      COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
              ${HELP2MAN} --no-info --section=1 --name=${what}
              --output=${PROJECT_BINARY_DIR}/man/${exe}.1 $<TARGET_FILE:${exe}>
      DEPENDS ${exe}
      COMMENT "man page of ${exe}"
      VERBATIM)
    list(APPEND man_pages ${PROJECT_BINARY_DIR}/man/${exe}.1)
  endforeach()
  add_custom_target(man_pages ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found: no man pages (apt-get install help2man)")
endif()

# cpack -G DEB: dependencies computed by dpkg-shlibdeps from the linked libraries.
set(CPACK_PACKAGE_NAME reducelab)
set(CPACK_PACKAGE_VENDOR "The ReduceLab developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "ReduceLab developers <dev@reducelab.org>")
set(CPACK_PACKAGE_INSTALL_DIRECTORY reducelab)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(REDUCELAB_WITH_PYTHON)
  # The reducelab package (python/) imports numpy; pandas and matplotlib serve to_pandas and plot,
  # tqdm the progress bars.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-numpy")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-pandas, python3-matplotlib, python3-tqdm")
endif()
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${REDUCELAB_HOMEPAGE})
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "${PROJECT_DESCRIPTION}\n ReduceLab simulates and animates the reduction algorithms behind\n MPI_Reduce on heterogeneous platforms: an animated explorer, the figures of\n Benoit, Canon and Marchal's report, theory, steady state and divisible load,\n and a command-line twin for papers and clusters.")
if(NOT REDUCELAB_GUI)
  # The command-line programs alone, for cluster nodes: the same files as the full package's.
  set(CPACK_PACKAGE_NAME reducelab-cli)
  set(CPACK_DEBIAN_PACKAGE_CONFLICTS reducelab)
  string(APPEND CPACK_DEBIAN_PACKAGE_DESCRIPTION
         "\n .\n This package holds the command-line programs only (no GUI, no figures).")
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
