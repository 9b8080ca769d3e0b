//! The machine code of a shared library as `objdump` shows it: functions with their
//! instructions, direct calls and jumps, references to named data, and the function pointers
//! stored in static data. Used by tests/exports.rs to walk what an export can execute.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Runs a binutils tool on `file` and returns its standard output.
pub fn run(program: &str, args: &[&str], file: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program} (binutils): {e}"));
    assert!(out.status.success(), "{program} {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("tool output is UTF-8")
}

/// The names a shared library exports (`nm -D --defined-only`), without version suffixes.
pub fn dynamic_symbols(lib: &Path) -> BTreeSet<String> {
    run("nm", &["-D", "--defined-only"], lib)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(|s| s.split('@').next().unwrap_or(s).to_owned())
        .collect()
}

/// One instruction.
#[derive(Debug)]
pub struct Insn {
    pub addr: u64,
    /// The mnemonic, after any prefix (`rep`, `lock`, `notrack`, ...).
    pub mnemonic: String,
    /// The operands, AT&T syntax, without objdump's trailing comment.
    pub operands: String,
    /// The symbol objdump names for the instruction's address operand (`# 1234 <name>` or a
    /// branch's `<name>`), offset removed.
    pub symbol: Option<String>,
}

/// Prefixes objdump prints before a mnemonic; `{evex}`, `{vex}` and `{vex3}` name the encoding
/// it chose where another would do (the instruction stays VEX/EVEX).
const PREFIXES: [&str; 17] = [
    "rep", "repz", "repe", "repnz", "repne", "lock", "notrack", "bnd", "data16", "addr32", "cs", "ds", "es", "ss",
    "{evex}", "{vex}", "{vex3}",
];

impl Insn {
    fn parse(addr: u64, text: &str) -> Option<Insn> {
        let (body, comment) = match text.split_once('#') {
            Some((b, c)) => (b, Some(c)),
            None => (text, None),
        };
        let mut words = body.split_whitespace().skip_while(|w| PREFIXES.contains(w));
        let mnemonic = words.next()?.to_owned();
        let operands = words.collect::<Vec<_>>().join(" ");
        // The symbol in `<name+0x12>`, from the comment or from a branch's operand.
        let named = comment.unwrap_or(&operands);
        let symbol =
            named.split_once('<').and_then(|(_, s)| s.rsplit_once('>')).map(|(s, _)| match s.rsplit_once('+') {
                Some((base, off)) if off.starts_with("0x") => base.to_owned(),
                _ => s.to_owned(),
            });
        Some(Insn { addr, mnemonic, operands, symbol })
    }

    /// The target of a direct call or jump.
    pub fn direct_target(&self) -> Option<u64> {
        if !self.is_branch() {
            return None;
        }
        self.operands.split_whitespace().next().and_then(|t| u64::from_str_radix(t, 16).ok())
    }

    /// Whether this is a call or a jump (conditional or not).
    pub fn is_branch(&self) -> bool {
        self.mnemonic == "call" || self.mnemonic.starts_with('j')
    }

    /// Whether this is a call or jump through a register or memory.
    pub fn is_indirect_branch(&self) -> bool {
        self.is_branch() && self.operands.starts_with('*')
    }

    /// Whether `insns[k]` is the jump of a switch's jump table, as LLVM lowers it in
    /// position-independent code: `lea TABLE(%rip),%A; movslq (%A,%I,4),%R; add %A,%R; jmp *%R`.
    /// Its targets are blocks of the same function (a jump table cannot leave its function).
    pub fn is_jump_table(insns: &[Insn], k: usize) -> bool {
        let (Some(jmp), Some(add), Some(load)) =
            (insns.get(k), k.checked_sub(1).and_then(|i| insns.get(i)), k.checked_sub(2).and_then(|i| insns.get(i)))
        else {
            return false;
        };
        let Some(r) = jmp.operands.strip_prefix('*').filter(|_| jmp.mnemonic == "jmp") else { return false };
        let Some((a, added)) = add.operands.split_once(',').filter(|_| add.mnemonic == "add") else { return false };
        let table_load = load.mnemonic == "movslq"
            && load.operands.starts_with(&format!("({a},"))
            && load.operands.ends_with(&format!(",4),{r}"));
        let table_address = insns[..k]
            .iter()
            .rev()
            .take(8)
            .any(|i| i.mnemonic == "lea" && i.operands.ends_with(&format!("(%rip),{a}")));
        added == r && table_load && table_address
    }

    /// Whether this instruction reads or writes an xmm/ymm/zmm register without a VEX or EVEX
    /// prefix: a legacy SSE instruction. objdump names every VEX/EVEX-encoded vector
    /// instruction with a `v` (vmovdqu, vpxor, vzeroupper, ...); BMI and mask-register
    /// instructions are VEX-encoded too but touch no vector register.
    pub fn is_legacy_sse(&self) -> bool {
        let vector = ["%xmm", "%ymm", "%zmm"].iter().any(|r| self.operands.contains(r));
        vector && !self.mnemonic.starts_with('v')
    }
}

/// The machine code of a shared library.
pub struct Code {
    /// Start address -> (size, demangled name) of every function (the first of its names:
    /// identical functions may share an address).
    functions: BTreeMap<u64, (u64, String)>,
    /// Name -> start address of every function symbol.
    addresses: BTreeMap<String, u64>,
    /// Function start -> its instructions.
    insns: BTreeMap<u64, Vec<Insn>>,
    /// Function start -> the starts of the functions it calls or jumps to directly.
    calls: BTreeMap<u64, BTreeSet<u64>>,
    /// Name -> (address, size) of every data object.
    objects: BTreeMap<String, (u64, u64)>,
    /// Address -> target of every relative relocation (a pointer in static data).
    pointers: BTreeMap<u64, u64>,
}

impl Code {
    pub fn read(lib: &Path) -> Code {
        let (mut functions, mut addresses, mut objects) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        for line in run("objdump", &["-t", "-C", "--wide"], lib).lines() {
            // `ADDRESS FLAGS SECTION\tSIZE NAME`; FLAGS holds F for a function, O for an object.
            let Some((head, tail)) = line.split_once('\t') else { continue };
            let mut tail = tail.split_whitespace();
            let (Some(addr), Some(size)) = (head.split_whitespace().next(), tail.next()) else { continue };
            let name = tail.collect::<Vec<_>>().join(" ");
            let name = name.strip_prefix(".hidden ").unwrap_or(&name).to_owned();
            let (Ok(addr), Ok(size)) = (u64::from_str_radix(addr, 16), u64::from_str_radix(size, 16)) else { continue };
            let flags = head.get(17..24).unwrap_or("");
            if flags.contains('F') && addr != 0 {
                addresses.insert(name.clone(), addr);
                functions.entry(addr).or_insert((size, name));
            } else if flags.contains('O') {
                objects.insert(name, (addr, size));
            }
        }
        let mut pointers = BTreeMap::new();
        for line in run("objdump", &["-R"], lib).lines() {
            let f: Vec<_> = line.split_whitespace().collect();
            if let [offset, "R_X86_64_RELATIVE", value] = f[..] {
                let target = value.strip_prefix("*ABS*+0x").and_then(|v| u64::from_str_radix(v, 16).ok());
                if let (Ok(offset), Some(target)) = (u64::from_str_radix(offset, 16), target) {
                    pointers.insert(offset, target);
                }
            }
        }
        let mut code = Code { functions, addresses, insns: BTreeMap::new(), calls: BTreeMap::new(), objects, pointers };
        let (mut insns, mut calls): (BTreeMap<u64, Vec<Insn>>, BTreeMap<u64, BTreeSet<u64>>) = Default::default();
        for line in run("objdump", &["-d", "-C", "--no-show-raw-insn"], lib).lines() {
            // `  ADDRESS:\tMNEMONIC OPERANDS   # COMMENT`.
            let Some((addr, text)) = line.trim_start().split_once(":\t") else { continue };
            let Ok(addr) = u64::from_str_radix(addr, 16) else { continue };
            let (Some(from), Some(insn)) = (code.function_at(addr), Insn::parse(addr, text)) else { continue };
            if let Some(to) = insn.direct_target().and_then(|t| code.function_at(t)) {
                if from != to {
                    calls.entry(from).or_default().insert(to);
                }
            }
            insns.entry(from).or_default().push(insn);
        }
        code.insns = insns;
        code.calls = calls;
        code
    }

    /// The start of the function containing `addr`.
    pub fn function_at(&self, addr: u64) -> Option<u64> {
        let (&start, &(size, _)) = self.functions.range(..=addr).next_back()?;
        (addr < start + size.max(1)).then_some(start)
    }

    pub fn name(&self, start: u64) -> &str {
        &self.functions[&start].1
    }

    pub fn function_named(&self, name: &str) -> Option<u64> {
        self.addresses.get(name).copied()
    }

    /// The instructions of the function starting at `start`.
    pub fn insns(&self, start: u64) -> &[Insn] {
        self.insns.get(&start).map_or(&[], Vec::as_slice)
    }

    /// The functions `start` calls or jumps to directly.
    pub fn callees(&self, start: u64) -> impl Iterator<Item = u64> + '_ {
        self.calls.get(&start).into_iter().flatten().copied()
    }

    /// The functions the pointers stored in the objects whose names satisfy `pick` point to,
    /// in address order (a `#[repr(C)]` table's field order).
    pub fn pointed_functions(&self, pick: impl Fn(&str) -> bool) -> BTreeMap<String, Vec<u64>> {
        let mut out = BTreeMap::new();
        for (name, &(addr, size)) in self.objects.iter().filter(|(n, _)| pick(n)) {
            let targets: Vec<u64> = self
                .pointers
                .range(addr..addr + size)
                .filter_map(|(_, &t)| self.functions.contains_key(&t).then_some(t))
                .collect();
            out.insert(name.clone(), targets);
        }
        out
    }

    /// Breadth-first walk from `start`: every function reachable by direct calls and jumps
    /// and by `more` (extra edges of a function, such as the targets of the function pointers
    /// it loads), not entering `boundaries`. Returns each reached function with its parent.
    pub fn reachable(
        &self,
        start: u64,
        boundaries: &BTreeSet<u64>,
        more: impl Fn(u64) -> Vec<u64>,
    ) -> BTreeMap<u64, u64> {
        let mut parent = BTreeMap::from([(start, start)]);
        let mut todo = std::collections::VecDeque::from([start]);
        while let Some(f) = todo.pop_front() {
            for g in self.callees(f).chain(more(f)) {
                if !boundaries.contains(&g) && !parent.contains_key(&g) {
                    parent.insert(g, f);
                    todo.push_back(g);
                }
            }
        }
        parent
    }

    /// The call path from the walk's start to `f`, as names.
    pub fn path(&self, parent: &BTreeMap<u64, u64>, f: u64) -> Vec<String> {
        let mut path = vec![self.name(f).to_owned()];
        let mut at = f;
        while parent[&at] != at {
            at = parent[&at];
            path.push(self.name(at).to_owned());
        }
        path.reverse();
        path
    }
}
