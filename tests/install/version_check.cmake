# cmake -DFILE=.../fixwireConfigVersion.cmake -DPACKAGE_FIND_VERSION=... -P version_check.cmake
# prints "PACKAGE_VERSION COMPATIBLE EXACT" as find_package would see them.
include("${FILE}")
message("${PACKAGE_VERSION} ${PACKAGE_VERSION_COMPATIBLE} ${PACKAGE_VERSION_EXACT}")
