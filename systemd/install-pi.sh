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
# on tty1 through KMSDRM. Desktop image: an XDG autostart entry starts it in the
# desktop session as the logged-in user (a systemd user unit bound to
# graphical-session.target never starts under labwc). Either way the app lives in a
# venv in /opt/tablekit with the runtime packages only, its sessions in
# /var/lib/tablekit and its settings in /etc/tablekit/config.toml.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
prefix=/opt/tablekit
venv=$prefix/venv
service_user=tablekit
groups=(video render input gpio dialout)
apt_packages=(python3-venv python3-pip python3-numpy python3-picamera2 python3-libcamera python3-lgpio)
unit=/etc/systemd/system/tablekit.service
udev_rule=/etc/udev/rules.d/70-tablekit-pads.rules
autostart=/etc/xdg/autostart/tablekit.desktop
config_dir=/etc/tablekit
data_dir=/var/lib/tablekit
apt_record=$prefix/apt-added
groups_record=$prefix/groups-added

dry_run=no
action=install
kind=""
desktop_user=${SUDO_USER:-}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

while (($#)); do
    case $1 in
        --dry-run) dry_run=yes ;;
        --uninstall) action=uninstall ;;
        --desktop) kind=desktop ;;
        --lite) kind=lite ;;
        --user) desktop_user=${2:?--user needs a name}; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install-pi.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [[ $dry_run == no && $(id -u) -ne 0 ]]; then
    echo "install-pi.sh: run it with sudo (or add --dry-run to see what it would do)" >&2
    exit 1
fi

# Each change goes through run or put: printed first, done only when it is not a dry run.
run() {
    echo "+ $*"
    if [[ $dry_run == no ]]; then "$@"; fi
}

put() {  # put FILE MODE: write stdin to FILE (replacing it) with MODE
    local file=$1 mode=$2 text
    text=$(cat)
    echo "+ write $file (mode $mode):"
    printf '|   %s\n' "${text//$'\n'/$'\n'|   }"
    if [[ $dry_run == no ]]; then
        install -D -m "$mode" /dev/null "$file"
        printf '%s\n' "$text" >"$file"
    fi
}

remove() {  # remove PATH...: only what exists, so a second uninstall is quiet
    local path
    for path in "$@"; do
        if [[ -e $path || -L $path || $dry_run == yes ]]; then run rm -rf -- "$path"; fi
    done
}

desktop_image() {
    case $kind in
        desktop) return 0 ;;
        lite) return 1 ;;
    esac
    command -v labwc >/dev/null 2>&1 || [[ -d /etc/xdg/labwc ]]
}

os_codename() {
    # shellcheck disable=SC1091  # the OS's own file, not part of this checkout
    (. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
}

pip_pins() {
    # Bookworm's apt picamera2 and simplejpeg break under NumPy 2, and OpenCV 4.12 needs it.
    if [[ $(os_codename) == bookworm ]]; then
        printf '%s\n' 'numpy<2' 'opencv-python-headless<4.12'
    fi
}

missing_packages() {
    local package
    for package in "${apt_packages[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
            echo "$package"
        fi
    done
}

app_user() {
    if desktop_image; then echo "${desktop_user:?on a desktop image, run it with sudo from the desktop user or give --user}"; else echo "$service_user"; fi
}

install_packages() {
    local added
    added=$(missing_packages | tr '\n' ' ')
    run apt-get update
    run apt-get install -y "${apt_packages[@]}"
    if [[ -n ${added// /} ]]; then
        # Remembered so that --uninstall removes only what this script added.
        put "$apt_record" 0644 <<<"$added"
    fi
}

make_user() {
    local user=$1 group present=()
    if ! id -u "$user" >/dev/null 2>&1; then
        run useradd --system --user-group --home-dir "$data_dir" --no-create-home \
            --shell /usr/sbin/nologin "$user"
    fi
    for group in "${groups[@]}"; do
        if ! getent group "$group" >/dev/null; then
            echo "  (no group $group on this machine: skipped)"
        elif ! id -nG "$user" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
            present+=("$group")
        fi
    done
    if ((${#present[@]})); then
        run usermod --append --groups "$(IFS=,; echo "${present[*]}")" "$user"
        # Remembered so that --uninstall takes a desktop user out of only these groups.
        put "$groups_record" 0644 <<<"$user ${present[*]}"
    fi
}

make_venv() {
    run mkdir -p "$prefix"
    if [[ ! -x $venv/bin/python ]]; then
        # picamera2 and lgpio come from apt: the venv must see the system's packages.
        run python3 -m venv --system-site-packages "$venv"
    fi
    pip_pins | put "$prefix/constraints.txt" 0644
    run "$venv/bin/pip" install --quiet --upgrade pip
    # pip builds in the source folder; building from a root-owned copy keeps the
    # user's checkout free of root-owned build files.
    remove "$prefix/src"
    run mkdir -p "$prefix/src"
    run cp -R "$checkout/pyproject.toml" "$checkout/README.md" "$checkout/tablekit" "$prefix/src/"
    # Runtime packages only (the "pi" extra): no test or lint tools on the kiosk.
    run "$venv/bin/pip" install --quiet --upgrade --constraint "$prefix/constraints.txt" "$prefix/src[pi]"
    run install -m 0644 "$checkout/README.md" "$prefix/README.md"
}

make_folders() {
    local user=$1
    run install -d -o "$user" -g "$user" -m 0755 "$data_dir" "$config_dir"
    if [[ ! -e $config_dir/config.toml ]]; then
        put "$config_dir/config.toml" 0644 <<'EOF'
# tablekit's settings: every key is optional (see README.md, "On a Raspberry Pi").
# `tablekit doctor` checks this file; the app says on screen what is wrong with it.
[display]
rotate = 0           # 0, 90, 180 or 270: turn the picture and the touch together

[buttons]
backend = "none"     # none | gpio | serial (hardware/README.md)
EOF
        run chown "$user:$user" "$config_dir/config.toml"
    fi
}

install_udev_rule() {
    put "$udev_rule" 0644 <<'EOF'
# tablekit's USB serial pads: Raspberry Pi Picos (USB vendor 2e8a) running
# hardware/firmware. udev's own rules give each a stable /dev/serial/by-id/ link
# (put that in config.toml as the pad's port); this one lets the dialout group
# use them and keeps ModemManager from probing them with modem commands.
SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", GROUP="dialout", MODE="0660", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty --action=add
}

install_service() {
    sed -e "s|@USER@|$service_user|g" -e "s|@VENV@|$venv|g" "$checkout/systemd/tablekit.service" \
        | put "$unit" 0644
    run systemctl daemon-reload
    run systemctl enable tablekit.service
    run systemctl restart tablekit.service
}

install_autostart() {
    local user=$1
    put "$autostart" 0644 <<EOF
[Desktop Entry]
Type=Application
Name=tablekit
Comment=The table companion, full screen, restarted if it stops
Exec=sh -c 'until TABLEKIT_DATA_DIR=$data_dir TABLEKIT_CONFIG_DIR=$config_dir SDL_VIDEODRIVER=wayland $venv/bin/tablekit run; do sleep 2; done'
X-GNOME-Autostart-enabled=true
EOF
    echo "  tablekit starts when $user's desktop session starts; log out and in, or reboot"
}

install() {
    local user
    user=$(app_user)
    echo "tablekit: installing for $(desktop_image && echo "the desktop image, as $user" || echo "Pi OS Lite, as $user on tty1") (OS: $(os_codename))"
    install_packages
    make_user "$user"
    make_venv
    make_folders "$user"
    install_udev_rule
    if desktop_image; then install_autostart "$user"; else install_service; fi
    echo "tablekit: installed. Settings: $config_dir/config.toml; sessions: $data_dir;"
    echo "  check the hardware with: $venv/bin/tablekit doctor"
}

leave_groups() {  # undo make_user's groups for a user that stays (the desktop user)
    local user group groups_added
    if [[ -s $groups_record ]]; then
        read -r user groups_added <"$groups_record"
        if [[ $user != "$service_user" ]]; then
            for group in $groups_added; do
                # Only where still a member: a second uninstall after a failed one goes on.
                if id -nG "$user" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
                    run gpasswd --delete "$user" "$group"
                fi
            done
        fi
        remove "$groups_record"
    elif [[ $dry_run == yes ]]; then
        echo "+ gpasswd --delete <the desktop user> <each group listed in $groups_record>"
    fi
}

uninstall() {
    echo "tablekit: uninstalling (sessions in $data_dir and settings in $config_dir stay)"
    if [[ -e $unit || $dry_run == yes ]]; then
        run systemctl disable --now tablekit.service
        remove "$unit"
        run systemctl daemon-reload
    fi
    remove "$autostart"
    if [[ -e $udev_rule || $dry_run == yes ]]; then
        remove "$udev_rule"
        run udevadm control --reload-rules
    fi
    leave_groups
    if id -u "$service_user" >/dev/null 2>&1 || [[ $dry_run == yes ]]; then
        run userdel "$service_user"
    fi
    # The packages this script added go back to "installed as a dependency": apt removes
    # them (apt-get autoremove) once nothing else needs them, never from under another program.
    if [[ -s $apt_record ]]; then
        # shellcheck disable=SC2046  # one word per package
        run apt-mark auto $(cat "$apt_record")
    elif [[ $dry_run == yes ]]; then
        echo "+ apt-mark auto <the packages listed in $apt_record, those this script added>"
    fi
    remove "$prefix"
    echo "tablekit: removed. To delete the sessions and settings too: sudo rm -r $data_dir $config_dir"
    echo "  the apt packages it added go with: sudo apt-get autoremove"
}

if [[ $dry_run == yes ]]; then echo "(dry run: nothing is changed)"; fi
"$action"
