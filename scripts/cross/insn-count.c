/* A qemu-user TCG plugin (plugin API version 1, qemu 7.2) that counts the guest instructions a
 * program executes and prints "insns N" on stderr when it exits. Nothing can be timed under
 * qemu; instruction counts can be compared. Debian ships no qemu plugins, hence this one.
 *
 * Build (no glib needed: the few API functions used are declared below, as qemu-plugin.h of
 * qemu 7.2 declares them):
 *   gcc -shared -fPIC -O2 -o insn-count.so scripts/cross/insn-count.c
 * Run:
 *   qemu-aarch64 -L "$QEMU_SYSROOT" -plugin ./insn-count.so -d plugin ./program
 * (-d plugin routes the plugin's output to stderr). scripts/cross/kernel-insns.sh uses it to
 * count the instructions per call of each kernel on the portable and neon levels. Exact for a
 * single-threaded program (the counter is not atomic). */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct {
    const char *target_name;
    struct { int min, cur; } version;
    bool system_emulation;
    union { struct { int smp_vcpus, max_vcpus; } system; };
} qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op, void *ptr,
                                              uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t insns;

/* Each translated block adds its instruction count to the counter every time it runs. */
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void) id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns, qemu_plugin_tb_n_insns(tb));
}

static void on_exit_(qemu_plugin_id_t id, void *userdata)
{
    char line[64];
    (void) id;
    (void) userdata;
    snprintf(line, sizeof line, "insns %" PRIu64 "\n", insns);
    qemu_plugin_outs(line);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                                               int argc, char **argv)
{
    (void) info;
    (void) argc;
    (void) argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
    return 0;
}
