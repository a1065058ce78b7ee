#!/usr/bin/env bash
# Install tablekit as a kiosk on Raspberry Pi OS (64-bit, Bookworm or later), or take it away.
#
#   sudo systemd/install-pi.sh              install, or update after `git pull` (safe to run again)
#   sudo systemd/install-pi.sh --uninstall  undo everything it did; sessions and config stay
#   systemd/install-pi.sh --dry-run [...]   print what it would do, change nothing (no root needed)
#
# Options: --desktop / --lite choose the kiosk kind instead of detecting it (a desktop
# image is one with labwc); --user NAME is who runs the app on a desktop image.
#
# Pi OS Lite: a system service (tablekit.service) runs the app as the user `tablekit`
# on tty1 through KMSDRM. Desktop image: an XDG autostart entry in that user's own
# autostart folder starts it in their desktop session (a systemd user unit bound to
# graphical-session.target never starts under labwc). Either way the app lives in a
# venv in /opt/tablekit with the runtime packages only, its sessions in
# /var/lib/tablekit and its settings in /etc/tablekit/config.toml; /opt/tablekit/kiosk.env
# names them for the service and for every tablekit command run from that venv.
#
# Every change is recorded before it is made (in /opt/tablekit/*.added), so --uninstall
# undoes an install that stopped part-way too. TABLEKIT_ROOT (empty on a Pi) puts every
# file under another folder: the tests run this script there, with logging stand-ins
# for apt-get, dpkg-query, systemctl, udevadm and the account commands.
#
# Every function is named tk_*, so none can shadow a command (install, remove, put...).
set -Eeuo pipefail

root=${TABLEKIT_ROOT:-}
checkout=$(cd "$(dirname "$0")/.." && pwd)
prefix=/opt/tablekit
venv=$prefix/venv
service_user=tablekit
wanted_groups=(video render input gpio dialout)
# Runtime only, without Recommends: python3-venv makes the venv (with its own pip),
# the rest come from Raspberry Pi's repository and pull in python3-numpy themselves.
apt_packages=(python3-venv python3-picamera2 python3-libcamera python3-lgpio)
pi_only=(python3-picamera2 python3-libcamera python3-lgpio)
unit=/etc/systemd/system/tablekit.service
udev_rule=/etc/udev/rules.d/70-tablekit-pads.rules
old_autostart=/etc/xdg/autostart/tablekit.desktop
config_dir=/etc/tablekit
data_dir=/var/lib/tablekit
kiosk_env=$prefix/kiosk.env
desktop_start=$prefix/start-desktop
apt_record=$prefix/apt.added
user_record=$prefix/user.added
groups_record=$prefix/groups.added
autostart_record=$prefix/autostart.added

dry_run=no
action=install
kind=""
desktop_user=${SUDO_USER:-}
step=""
steps_done=()
build=""
running=""

tk_usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

while (($#)); do
    case $1 in
        --dry-run) dry_run=yes ;;
        --uninstall) action=uninstall ;;
        --desktop) kind=desktop ;;
        --lite) kind=lite ;;
        --user)
            if (($# < 2)); then echo "install-pi.sh: --user needs a name" >&2; exit 2; fi
            desktop_user=$2; shift ;;
        -h | --help) tk_usage; exit 0 ;;
        *) echo "install-pi.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [[ $dry_run == no && $(id -u) -ne 0 ]]; then
    echo "install-pi.sh: run it with sudo (or add --dry-run to see what it would do)" >&2
    exit 1
fi

# -- what went wrong, if anything ------------------------------------------------------

tk_step() {  # tk_step NAME: the step about to run, named if it fails
    if [[ -n $step ]]; then steps_done+=("$step"); fi
    step=$1
    echo "== $step"
}

tk_failed() {
    local code=$1 command=$2
    trap - ERR
    echo "install-pi.sh: the step '$step' failed (exit $code): $command" >&2
    if ((${#steps_done[@]})); then
        local joined
        printf -v joined '%s, ' "${steps_done[@]}"
        echo "  done before it: ${joined%, }" >&2
    else
        echo "  nothing was done before it" >&2
    fi
    if [[ $action == install ]]; then
        echo "  what it changed is recorded in $prefix: fix the cause and run it again," >&2
        echo "  or take it all away with: sudo $0 --uninstall" >&2
    else
        echo "  run --uninstall again once the cause is fixed: it skips what is already gone" >&2
    fi
    exit "$code"
}
trap 'tk_failed $? "$([[ $BASH_COMMAND == \"\$@\" ]] && echo "$running" || echo "$BASH_COMMAND")"' ERR

# -- changes: printed first, made only when it is not a dry run --------------------------

tk_run() {
    echo "+ $*"
    running="$*"
    if [[ $dry_run == no ]]; then "$@"; fi
}

tk_put() {  # tk_put FILE MODE: write stdin to FILE (under the root) with MODE, atomically
    local file=$root$1 mode=$2 text
    text=$(cat)
    echo "+ write $1 (mode $mode):"
    printf '|   %s\n' "${text//$'\n'/$'\n'|   }"
    if [[ $dry_run == no ]]; then
        mkdir -p "$(dirname "$file")"
        printf '%s\n' "$text" >"$file.new"
        chmod "$mode" "$file.new"
        mv -f "$file.new" "$file"
    fi
}

tk_remember() {  # tk_remember FILE WORD...: add words to a record, each once, before the change
    local file=$1
    shift
    { tk_recorded "$file"; printf '%s\n' "$@"; } | sed '/^$/d' | sort -u | tk_put "$file" 0644
}

tk_recorded() {  # tk_recorded FILE: the words in a record, one per line
    if [[ -s $root$1 ]]; then tr -s ' ' '\n' <"$root$1" | sed '/^$/d'; fi
}

tk_remove() {  # tk_remove PATH...: only what exists, so a second uninstall is quiet
    local path
    for path in "$@"; do
        if [[ -e $root$path || -L $root$path || $dry_run == yes ]]; then
            tk_run rm -rf -- "$root$path"
        fi
    done
}

# -- the machine -------------------------------------------------------------------------

tk_desktop_image() {
    case $kind in
        desktop) return 0 ;;
        lite) return 1 ;;
    esac
    command -v labwc >/dev/null 2>&1 || [[ -d $root/etc/xdg/labwc ]]
}

tk_codename() {
    # shellcheck disable=SC1091  # the OS's own file, not part of this checkout
    (. "$root/etc/os-release" && echo "${VERSION_CODENAME:-unknown}")
}

tk_pip_pins() {
    # Bookworm's apt picamera2 and simplejpeg break under NumPy 2, and OpenCV 4.12 needs it.
    if [[ $(tk_codename) == bookworm ]]; then
        printf '%s\n' 'numpy<2' 'opencv-python-headless<4.12'
    fi
}

tk_systemd_running() { [[ -d $root/run/systemd/system ]]; }

tk_udev_running() { [[ -S $root/run/udev/control ]]; }

tk_has_account() { getent passwd "$1" >/dev/null 2>&1; }

tk_home_of() { getent passwd "$1" | cut -d: -f6; }

tk_app_user() {
    if tk_desktop_image; then echo "$desktop_user"; else echo "$service_user"; fi
}

tk_present_groups() {  # the wanted groups this machine has
    local group
    for group in "${wanted_groups[@]}"; do
        if getent group "$group" >/dev/null 2>&1; then echo "$group"; fi
    done
}

tk_not_available() {  # the Pi-only packages apt has no candidate for
    local package
    for package in "${pi_only[@]}"; do
        if ! apt-cache policy "$package" 2>/dev/null | grep 'Candidate: [^(]' >/dev/null; then
            echo "$package"
        fi
    done
}

tk_to_record() {  # the packages this install makes manual: those missing or automatic now
    local package status
    for package in "${apt_packages[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        if [[ $status != *"ok installed"* ]] || apt-mark showauto "$package" | grep -x "$package" >/dev/null; then
            echo "$package"
        fi
    done
}

# -- install -----------------------------------------------------------------------------

tk_preflight() {
    tk_step "check the machine"
    if tk_desktop_image; then
        if [[ -z $desktop_user ]]; then
            echo "install-pi.sh: on a desktop image, run it with sudo from the desktop user, or give --user NAME" >&2
            exit 2
        fi
        if ! tk_has_account "$desktop_user"; then
            echo "install-pi.sh: there is no user $desktop_user on this machine; nothing was changed" >&2
            exit 2
        fi
    fi
    local missing
    missing=$(tk_not_available | tr '\n' ' ')
    if [[ -n $missing && $dry_run == no ]]; then
        # The lists may only be stale: a fresh image has none yet.
        apt-get update -q >/dev/null
        missing=$(tk_not_available | tr '\n' ' ')
    fi
    if [[ -n $missing && $dry_run == no ]]; then
        echo "install-pi.sh: apt cannot find ${missing% } on this system: they come from" >&2
        echo "  Raspberry Pi's own repository (archive.raspberrypi.com), which Raspberry Pi OS has." >&2
        echo "  Install Raspberry Pi OS (64-bit, Bookworm or later), or add that repository;" >&2
        echo "  nothing was changed." >&2
        exit 3
    fi
}

tk_migrate() {  # what an install before this one left, in this one's records
    local user groups group entries=()
    if [[ -s $root$prefix/apt-added ]]; then
        # shellcheck disable=SC2046  # one word per package
        tk_remember "$apt_record" $(cat "$root$prefix/apt-added")
        tk_remove "$prefix/apt-added"
    fi
    if [[ -s $root$prefix/groups-added ]]; then
        read -r user groups <"$root$prefix/groups-added"
        for group in $groups; do entries+=("$user:$group"); done
        tk_remember "$groups_record" "${entries[@]}"
        if [[ $user == "$service_user" ]]; then tk_remember "$user_record" "$user"; fi
        tk_remove "$prefix/groups-added"
    fi
    if [[ -e $root$prefix/src ]]; then tk_remove "$prefix/src"; fi
}

tk_packages() {
    tk_step "apt packages"
    tk_run mkdir -p "$root$prefix"
    local added
    mapfile -t added < <(tk_to_record)
    # Written before apt runs, so an install stopped half-way is still undone right.
    if ((${#added[@]})); then tk_remember "$apt_record" "${added[@]}"; fi
    tk_run apt-get update
    tk_run apt-get install -y --no-install-recommends "${apt_packages[@]}"
}

tk_account() {
    local user=$1 group joining=()
    tk_step "account $user"
    if ! tk_has_account "$user"; then
        tk_remember "$user_record" "$user"
        tk_run useradd --system --user-group --home-dir "$data_dir" --no-create-home \
            --shell /usr/sbin/nologin "$user"
    fi
    for group in $(tk_present_groups); do
        if ! id -nG "$user" 2>/dev/null | tr ' ' '\n' | grep -x "$group" >/dev/null; then
            joining+=("$group")
        fi
    done
    if ((${#joining[@]})); then
        # Remembered so that --uninstall takes a desktop user out of only these groups.
        tk_remember "$groups_record" "${joining[@]/#/$user:}"
        tk_run usermod --append --groups "$(IFS=,; echo "${joining[*]}")" "$user"
    fi
}

tk_venv() {
    tk_step "the app"
    tk_run mkdir -p "$root$prefix"
    if [[ ! -x $root$venv/bin/python ]]; then
        # picamera2 and lgpio come from apt: the venv must see the system's packages.
        tk_run python3 -m venv --system-site-packages "$root$venv"
    elif [[ ! -x $root$venv/bin/pip ]]; then
        tk_run "$root$venv/bin/python" -m ensurepip --default-pip
    fi
    tk_pip_pins | tk_put "$prefix/constraints.txt" 0644
    # pip builds in its source folder: a copy in a temporary folder keeps the user's
    # checkout free of root-owned build files, and nothing of it stays behind.
    build=$(mktemp -d)
    trap 'rm -rf -- "$build"' EXIT
    # setup.py compiles the translations (.mo) in the build: git keeps only their .po sources.
    tk_run cp -R "$checkout/pyproject.toml" "$checkout/setup.py" "$checkout/README.md" \
        "$checkout/tablekit" "$build/"
    # Runtime packages only (the "pi" extra): no test or lint tools on the kiosk.
    tk_run "$root$venv/bin/pip" install --quiet --no-warn-script-location --upgrade \
        --constraint "$root$prefix/constraints.txt" "${build}[pi]"
    rm -rf -- "$build"
    # pip and setuptools are not needed to run: an update brings pip back first.
    tk_run "$root$venv/bin/python" -m pip uninstall --quiet --yes pip setuptools
    tk_run cp "$checkout/README.md" "$root$prefix/README.md"
}

tk_kiosk_env() {
    local user=$1
    tk_step "kiosk settings"
    tk_put "$kiosk_env" 0644 <<EOF
# tablekit's kiosk, written by install-pi.sh: its settings and sessions, the account that
# writes them and its groups. tablekit.service reads this file, and so does every
# tablekit command run from $venv (tablekit doctor checks what the kiosk uses).
TABLEKIT_CONFIG_DIR=$config_dir
TABLEKIT_DATA_DIR=$data_dir
TABLEKIT_USER=$user
TABLEKIT_GROUPS="$(tk_present_groups | tr '\n' ' ' | sed 's/ $//')"
EOF
}

tk_folders() {
    local user=$1
    tk_step "settings and sessions"
    tk_run mkdir -p "$root$data_dir" "$root$config_dir"
    if [[ ! -e $root$config_dir/config.toml ]]; then
        tk_put "$config_dir/config.toml" 0644 <<'EOF'
# tablekit's settings: every key is optional (see README.md, "On a Raspberry Pi").
# `tablekit doctor` checks this file; the app says on screen what is wrong with it.
[display]
rotate = 0           # 0, 90, 180 or 270: turn the picture and the touch together

[buttons]
backend = "none"     # none | gpio | serial (hardware/README.md)
EOF
    fi
    # Everything in them, not only the folders: sessions kept from an earlier install
    # (left to root by --uninstall) must be writable by whoever plays now.
    tk_run chown -R "$user:$user" "$root$data_dir" "$root$config_dir"
    tk_run chmod 0755 "$root$data_dir" "$root$config_dir"
}

tk_udev() {
    tk_step "pads' udev rule"
    tk_put "$udev_rule" 0644 <<'EOF'
# tablekit's USB serial pads: Raspberry Pi Picos (USB vendor 2e8a) running
# hardware/firmware. udev's own rules give each a stable /dev/serial/by-id/ link
# (put that in config.toml as the pad's port); this one lets the dialout group
# use them and keeps ModemManager from probing them with modem commands.
SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", GROUP="dialout", MODE="0660", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
    if tk_udev_running; then
        tk_run udevadm control --reload-rules
        tk_run udevadm trigger --subsystem-match=tty --action=add
    else
        echo "  udev is not running here: the rule applies from the next boot"
    fi
}

tk_service() {
    tk_step "service"
    sed -e "s|@USER@|$service_user|g" -e "s|@VENV@|$venv|g" -e "s|@PREFIX@|$prefix|g" \
        -e "s|@GROUPS@|$(tk_present_groups | tr '\n' ' ' | sed 's/ $//')|g" \
        "$checkout/systemd/tablekit.service" | tk_put "$unit" 0644
    tk_run systemctl ${root:+"--root=$root"} enable tablekit.service
    if tk_systemd_running; then
        tk_run systemctl daemon-reload
        tk_run systemctl restart tablekit.service
    else
        echo "  systemd is not running here: tablekit starts at the next boot"
    fi
}

tk_autostart() {
    local user=$1 home folder
    tk_step "desktop autostart"
    home=$(tk_home_of "$user")
    tk_put "$desktop_start" 0755 <<EOF
#!/bin/sh
# Started by $user's desktop session: tablekit full screen, again 2 s after it stops
# unless it was quit on purpose (exit 0). Its folders come from $kiosk_env.
export SDL_VIDEODRIVER=wayland
until $venv/bin/tablekit run; do sleep 2; done
EOF
    # The folders it makes are the user's, and go again with --uninstall if left empty.
    for folder in "$home/.config" "$home/.config/autostart"; do
        if [[ ! -d $root$folder ]]; then
            tk_remember "$autostart_record" "$folder/"
            tk_run mkdir -m 0755 "$root$folder"
            tk_run chown "$user:$user" "$root$folder"
        fi
    done
    tk_remember "$autostart_record" "$home/.config/autostart/tablekit.desktop"
    tk_put "$home/.config/autostart/tablekit.desktop" 0644 <<EOF
[Desktop Entry]
Type=Application
Name=tablekit
Comment=The table companion, full screen, started again if it stops
Exec=$desktop_start
X-GNOME-Autostart-enabled=true
EOF
    tk_run chown "$user:$user" "$root$home/.config/autostart/tablekit.desktop"
    # An install before this one started it for every desktop user.
    tk_remove "$old_autostart"
    echo "  tablekit starts when $user's desktop session starts; log out and in, or reboot"
}

tk_size() {
    if [[ $dry_run == no ]]; then
        echo "  $prefix holds $(du -sh "$root$prefix" | cut -f1)"
    fi
}

tk_install() {
    local user
    user=$(tk_app_user)
    tk_preflight
    tk_migrate
    echo "tablekit: installing for $(tk_desktop_image && echo "the desktop image, as $user" || echo "Pi OS Lite, as $user on tty1") (OS: $(tk_codename))"
    tk_packages
    tk_account "$user"
    tk_venv
    tk_kiosk_env "$user"
    tk_folders "$user"
    tk_udev
    if tk_desktop_image; then tk_autostart "$user"; else tk_service; fi
    tk_step "done"
    tk_size
    echo "tablekit: installed. Settings: $config_dir/config.toml; sessions: $data_dir;"
    echo "  check the hardware with: $venv/bin/tablekit doctor"
}

# -- uninstall ---------------------------------------------------------------------------

tk_leave_groups() {  # undo tk_account's groups for the users that stay
    local entry user group
    for entry in $(tk_recorded "$groups_record"); do
        user=${entry%%:*}
        group=${entry#*:}
        if tk_has_account "$user" && id -nG "$user" 2>/dev/null | tr ' ' '\n' | grep -x "$group" >/dev/null; then
            tk_run gpasswd --delete "$user" "$group"
        fi
    done
}

tk_uninstall() {
    echo "tablekit: uninstalling (sessions in $data_dir and settings in $config_dir stay)"
    tk_migrate
    tk_step "service"
    if [[ -e $root$unit || $dry_run == yes ]]; then
        if tk_systemd_running; then tk_run systemctl stop tablekit.service; fi
        tk_run systemctl ${root:+"--root=$root"} disable tablekit.service
        tk_remove "$unit"
        if tk_systemd_running; then tk_run systemctl daemon-reload; fi
    fi
    tk_step "desktop autostart"
    local file
    # Files first, then the folders it made (deepest first), only if nothing else is in them.
    for file in $(tk_recorded "$autostart_record" | grep -v '/$'); do tk_remove "$file"; done
    for file in $(tk_recorded "$autostart_record" | grep '/$' | sort -r); do
        if [[ -d $root$file ]] && [[ -z $(ls -A "$root$file") ]]; then tk_run rmdir "$root$file"; fi
    done
    tk_remove "$old_autostart"
    tk_step "pads' udev rule"
    if [[ -e $root$udev_rule || $dry_run == yes ]]; then
        tk_remove "$udev_rule"
        if tk_udev_running; then tk_run udevadm control --reload-rules; fi
    fi
    tk_step "accounts"
    tk_leave_groups
    # The kept folders go to root, an account that always exists, before their owner goes.
    local folder
    for folder in "$data_dir" "$config_dir"; do
        if [[ -e $root$folder || $dry_run == yes ]]; then tk_run chown -R root:root "$root$folder"; fi
    done
    local user
    for user in $(tk_recorded "$user_record"); do
        if tk_has_account "$user"; then tk_run userdel "$user"; fi
    done
    tk_step "apt packages"
    local package packages=()
    for package in $(tk_recorded "$apt_record"); do
        # Only those installed: a failed install may have recorded more than apt added.
        if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep 'ok installed' >/dev/null; then
            packages+=("$package")
        fi
    done
    if ((${#packages[@]})); then
        # Back to "installed as a dependency": apt-get autoremove takes them once nothing
        # else needs them, never from under another program.
        tk_run apt-mark auto "${packages[@]}"
    fi
    tk_step "the app"
    tk_remove "$prefix"
    tk_step "done"
    echo "tablekit: removed. $data_dir and $config_dir are kept, owned by root;"
    echo "  to delete them too: sudo rm -r $data_dir $config_dir"
    echo "  the apt packages it added go with (apt lists them first; python3 suggests"
    echo "  python3-venv, which apt keeps unless told otherwise):"
    echo "  sudo apt-get -o APT::AutoRemove::SuggestsImportant=false autoremove"
}

if [[ $dry_run == yes ]]; then echo "(dry run: nothing is changed)"; fi
"tk_$action"
