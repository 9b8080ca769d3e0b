# Defines the imported targets edax_kernels::shared and edax_kernels::static, for the build
# tree (CMakeLists.txt) and for the installed package (edax_kernels-config.cmake).
#
#   edax_kernels_add_imported_targets(SHARED <file> SONAME <name> STATIC <file>
#       INCLUDE_DIR <dir> STATIC_DEPS <libs>... [GLOBAL])
#
# STATIC_DEPS are the system libraries a program linking the Rust static library needs
# (`rustc --print native-static-libs`).
function(edax_kernels_add_imported_targets)
    cmake_parse_arguments(PARSE_ARGV 0 arg "GLOBAL" "SHARED;SONAME;STATIC;INCLUDE_DIR" "STATIC_DEPS")
    set(scope "")
    if(arg_GLOBAL)
        set(scope GLOBAL)
    endif()
    add_library(edax_kernels::shared SHARED IMPORTED ${scope})
    set_target_properties(edax_kernels::shared PROPERTIES
        IMPORTED_LOCATION "${arg_SHARED}"
        IMPORTED_SONAME "${arg_SONAME}"
        INTERFACE_INCLUDE_DIRECTORIES "${arg_INCLUDE_DIR}")
    add_library(edax_kernels::static STATIC IMPORTED ${scope})
    set_target_properties(edax_kernels::static PROPERTIES
        IMPORTED_LOCATION "${arg_STATIC}"
        INTERFACE_INCLUDE_DIRECTORIES "${arg_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES "${arg_STATIC_DEPS}")
endfunction()
