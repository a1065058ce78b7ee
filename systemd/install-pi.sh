#!/usr/bin/env bash
# Install tablekit as a boot-time kiosk on Raspberry Pi OS (Bookworm or later).
# Run from the checkout as the user who will own the app:  sudo systemd/install-pi.sh
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
user=${SUDO_USER:-$(id -un)}

# picamera2 and lgpio come from apt; the venv sees them (make uses --system-site-packages on a Pi).
apt-get install -y python3-venv python3-picamera2 python3-lgpio
usermod -aG video,render,input,gpio,dialout "$user"
sudo -u "$user" make -C "$checkout" .venv/.installed

sed -e "s|@USER@|$user|g" -e "s|@CHECKOUT@|$checkout|g" \
    "$checkout/systemd/tablekit.service" > /etc/systemd/system/tablekit.service
systemctl daemon-reload
systemctl enable --now tablekit.service
echo "tablekit runs on tty1; settings go in /etc/tablekit/config.toml"
