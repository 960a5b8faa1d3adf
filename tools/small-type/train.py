"""Trains the small-type recogniser (lib/adapters/ocr/small-type.ts, its ONNX file in
lib/adapters/ocr/models/small-type.onnx): a convolutional CTC model over ctc-grammar's lattice
classes (A-Z, 0-9, space, / - ., blank, other), 24 px high, one step per 4 columns.

It learns from synthetic lines only, drawn here: CURPs, claves de elector, dates, numbers, names and
labels in sans-serif fonts of Debian's font packages (URW Nimbus Sans, FreeSans, DejaVu, Roboto,
Open Sans, Noto Sans), never Liberation Sans, the font of the sandbox's cards, which is kept to
measure it on a font it never saw; shrunk to a card 160-520 px wide (a phone's small picture),
blurred, JPEG-compressed at quality 30-92, enlarged again with Lanczos as find-card enlarges a
card, and cut as the text detector's boxes are (grown around the ink). No picture of a card
(sandbox or INE's specimen) is trained on.

  apt-get install python3-torch python3-pil python3-onnx \
    fonts-urw-base35 fonts-freefont-ttf fonts-roboto fonts-open-sans fonts-noto-core fonts-dejavu fonts-liberation
  python3 tools/small-type/train.py /tmp/small-type 35      # minutes on two cores; writes .pt and .onnx
  cp /tmp/small-type.onnx lib/adapters/ocr/models/small-type.onnx

Random lines differ from run to run; a new model is measured with `npm run bench:identity`
(tune part, then unseen) before it replaces the committed one.
"""
import io, json, math, os, random, sys, time
import numpy as np
import torch, torch.nn as nn
from PIL import Image, ImageDraw, ImageFont, ImageFilter

CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /-."
BLANK, OTHER, NCLS = 40, 41, 42
H = 24
U = "/usr/share/fonts/"
FONTS = [U + p for p in [
    "opentype/urw-base35/NimbusSans-Regular.otf", "opentype/urw-base35/NimbusSans-Bold.otf",
    "opentype/urw-base35/NimbusSansNarrow-Regular.otf", "opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "truetype/freefont/FreeSans.ttf", "truetype/freefont/FreeSansBold.ttf",
    "truetype/dejavu/DejaVuSans.ttf", "truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSansCondensed.ttf",
    "truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf",
    "truetype/roboto/unhinted/RobotoCondensed-Regular.ttf", "truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
    "truetype/open-sans/OpenSans-Regular.ttf", "truetype/open-sans/OpenSans-Semibold.ttf",
    "truetype/noto/NotoSans-Regular.ttf", "truetype/noto/NotoSans-Bold.ttf",
]]
HELD_OUT_FONTS = [U + "truetype/liberation/LiberationSans-Regular.ttf", U + "truetype/liberation/LiberationSans-Bold.ttf"]

L = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
D = "0123456789"
STATES = "AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS NE".split()
WORDS = """GOMEZ VELAZQUEZ MARGARITA PEREZ MARTINEZ HERNANDEZ LOPEZ GARCIA RODRIGUEZ SANCHEZ RAMIREZ CRUZ FLORES GONZALEZ
TORRES REYES MORALES JIMENEZ GUTIERREZ RUIZ DIAZ MENDOZA AGUILAR ORTIZ CASTILLO MORENO ROMERO ALVAREZ CHAVEZ RIVERA
JUAN JOSE LUIS MARIA GUADALUPE FERNANDO ALEJANDRO VERONICA ITZEL SOFIA DANIEL CARLOS ANA LAURA PATRICIA MIGUEL ANGEL
COL CENTRO INDEPENDENCIA MORELOS CALLE AV PRIV NO INT EXT MUNICIPIO ESTADO LOCALIDAD SECCION EMISION VIGENCIA
TLALPAN ARENAL TEPEPAN CIUDAD DE MEXICO GUANAJUATO JALISCO PUEBLA OAXACA SONORA TAMAULIPAS QUINTANA ROO DURANGO
NOMBRE DOMICILIO SEXO FECHA NACIMIENTO CLAVE ELECTOR CURP REGISTRO DEL LA LOS Y""".split()
ACCENTED = {"Á": "A", "É": "E", "Í": "I", "Ó": "O", "Ú": "U", "Ñ": None}
LABELS = ["CURP", "CLAVE DE ELECTOR", "FECHA DE NACIMIENTO", "SECCIÓN", "AÑO DE REGISTRO", "VIGENCIA", "EMISIÓN", "MUNICIPIO", "ESTADO", "LOCALIDAD", "SEXO", "DOMICILIO", "NOMBRE"]


def ymd():
    return f"{random.randint(0, 99):02d}{random.randint(1, 12):02d}{random.randint(1, 28):02d}"


def curp():
    return (random.choice(L) + random.choice("AEIOUX") + random.choice(L) + random.choice(L) + ymd() + random.choice("HM")
            + random.choice(STATES) + "".join(random.choice("BCDFGHJKLMNPQRSTVWXYZ") for _ in range(3))
            + random.choice(D + L if random.random() < 0.3 else D) + random.choice(D))


def clave():
    return "".join(random.choice(L) for _ in range(6)) + ymd() + f"{random.randint(1, 32):02d}" + random.choice("HM") + "".join(random.choice(D) for _ in range(3))


def value():
    r = random.random()
    if r < 0.3:
        return curp()
    if r < 0.55:
        return clave()
    if r < 0.62:
        return f"{random.randint(1, 28):02d}/{random.randint(1, 12):02d}/{random.randint(1930, 2008)}"
    if r < 0.72:
        return " ".join(random.choice(D) * 0 + "".join(random.choice(D) for _ in range(random.choice([2, 3, 4]))) for _ in range(random.randint(1, 3)))
    if r < 0.85:
        return "".join(random.choice(L + D) for _ in range(random.randint(4, 20)))
    return " ".join(random.choice(WORDS) for _ in range(random.randint(1, 4)))


def segments():
    """The line as (text, is_label) pieces: a value, maybe a label before it and another pair after."""
    segs = []
    if random.random() < 0.5:
        segs.append((random.choice(LABELS), True))
    segs.append((value(), False))
    if random.random() < 0.25:
        segs.append((random.choice(LABELS), True))
        segs.append((value(), False))
    return segs


def target(text):
    out = []
    for ch in text:
        if ch in CHARS:
            out.append(CHARS.index(ch))
        elif ch in ACCENTED:
            out.append(OTHER)
    # CTC: collapse is done by the loss; spaces doubled would be ambiguous, keep single
    return out


def background(w, h):
    base = np.array([random.randint(185, 250)] * 3, dtype=np.float32) + np.array([random.randint(-12, 12) for _ in range(3)])
    img = np.tile(base, (h, w, 1))
    gx = np.linspace(0, random.uniform(-30, 30), w)[None, :, None]
    img += gx
    if random.random() < 0.7:  # guilloche-like fine lines
        yy, xx = np.mgrid[0:h, 0:w]
        f = random.uniform(0.05, 0.4)
        ph = random.uniform(0, 6.28)
        wave = np.sin(xx * f * random.uniform(0.2, 1) + yy * f + ph)
        img += (wave[..., None] * random.uniform(3, 18))
    img += np.random.normal(0, random.uniform(0, 6), img.shape)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def render(fonts):
    segs = segments()
    font_path = random.choice(fonts)
    size = random.randint(22, 30)
    lab_size = int(size * random.uniform(0.45, 0.7))
    f_val = ImageFont.truetype(font_path, size)
    lab_font = random.choice(fonts) if random.random() < 0.5 else font_path
    f_lab = ImageFont.truetype(lab_font, max(8, lab_size))
    spacing = random.uniform(0, 2.5)
    gap = random.randint(8, 30)
    # measure
    pieces, x = [], 0
    for text, is_label in segs:
        f = f_lab if is_label else f_val
        for ch in text:
            adv = f.getlength(ch) + (spacing if not is_label else spacing * 0.5)
            pieces.append((x, ch, f, is_label))
            x += adv
        x += gap
    width = int(x - gap) + 40
    height = size * 2 + 10
    img = background(width, height)
    d = ImageDraw.Draw(img)
    base_y = height // 2 + size // 3
    ink = random.randint(10, 80)
    lab_ink = min(150, ink + random.randint(10, 70))
    for px, ch, f, is_label in pieces:
        c = lab_ink if is_label else ink
        d.text((20 + px, base_y), ch, font=f, fill=(c, c, c), anchor="ls")
    text = " ".join(t for t, _ in segs)
    # the ink's box
    asc = size * 0.75
    top, bottom = base_y - asc, base_y + size * 0.05
    return img, text, (20, top, 20 + x - gap, bottom)


def degrade(img, box):
    w, h = img.size
    if random.random() < 0.85:
        f = random.uniform(160, 520) / 1012
    else:
        f = random.uniform(0.6, 1.0)
    sw, sh = max(8, round(w * f)), max(4, round(h * f))
    if random.random() < 0.5:
        img = img.rotate(random.uniform(-1.2, 1.2), resample=Image.BILINEAR, fillcolor=img.getpixel((0, 0)))
    small = img.resize((sw, sh), Image.BOX if random.random() < 0.5 else Image.BILINEAR)
    if random.random() < 0.6:
        small = small.filter(ImageFilter.GaussianBlur(random.uniform(0.2, 0.9)))
    if random.random() < 0.85:
        buf = io.BytesIO()
        small.save(buf, "JPEG", quality=random.randint(30, 92))
        small = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    big = small.resize((w, h), Image.LANCZOS)
    # the detector's box: the ink's, grown about as its unclip grows it, jittered
    x0, y0, x1, y1 = box
    th = y1 - y0
    x0 -= random.uniform(0.1, 0.7) * th
    x1 += random.uniform(0.1, 0.7) * th
    y0 -= random.uniform(0.05, 0.45) * th
    y1 += random.uniform(0.05, 0.45) * th
    crop = big.crop((max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))))
    return crop


def to_input(crop):
    g = crop.convert("L")
    w = max(H, min(600, round(g.width * H / g.height)))
    g = g.resize((w, H), Image.LANCZOS)
    return (np.asarray(g, dtype=np.float32) / 127.5 - 1.0)


def sample(fonts):
    img, text, box = render(fonts)
    return to_input(degrade(img, box)), target(text)


class CRNN(nn.Module):
    def __init__(self):
        super().__init__()
        def conv(i, o):
            return [nn.Conv2d(i, o, 3, 1, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(True)]
        self.cnn = nn.Sequential(*conv(1, 16), nn.MaxPool2d(2, 2), *conv(16, 32), nn.MaxPool2d(2, 2),
                                 *conv(32, 64), *conv(64, 64), nn.MaxPool2d((2, 1), (2, 1)),
                                 *conv(64, 96), nn.MaxPool2d((3, 1), (3, 1)))
        def conv1(i, o, k):
            return [nn.Conv1d(i, o, k, 1, k // 2, bias=False), nn.BatchNorm1d(o), nn.ReLU(True)]
        # Context along the line without a recurrent layer (an LSTM took 90% of the time on two cores).
        self.seq = nn.Sequential(*conv1(96, 160, 5), *conv1(160, 160, 5), *conv1(160, 160, 5), nn.Conv1d(160, NCLS, 1))

    def forward(self, x):
        f = self.seq(self.cnn(x).squeeze(2))
        return f.permute(0, 2, 1).log_softmax(-1)


def batch_of(samples):
    w = max(s[0].shape[1] for s in samples)
    x = np.zeros((len(samples), 1, H, w), dtype=np.float32)
    for i, (a, _) in enumerate(samples):
        x[i, 0, :, : a.shape[1]] = a
    lens = [a.shape[1] // 4 for a, _ in samples]
    tg = [t for _, t in samples]
    return torch.from_numpy(x), torch.tensor(lens), torch.tensor([c for t in tg for c in t]), torch.tensor([len(t) for t in tg])


def greedy(logp):
    out, prev = [], -1
    for c in logp.argmax(-1).tolist():
        if c != prev and c != BLANK:
            out.append(CHARS[c] if c < 40 else "?")
        prev = c
    return "".join(out)


class Gen(torch.utils.data.IterableDataset):
    def __init__(self, fonts, bs):
        self.fonts, self.bs = fonts, bs

    def __iter__(self):
        seed = torch.utils.data.get_worker_info()
        random.seed(os.getpid() + int(time.time()))
        np.random.seed((os.getpid() + int(time.time())) % 2**31)
        while True:
            # Batches of like widths: padding is time for nothing.
            pool = sorted((sample(self.fonts) for _ in range(self.bs * 8)), key=lambda s: s[0].shape[1])
            chunks = [pool[i:i + self.bs] for i in range(0, len(pool), self.bs)]
            random.shuffle(chunks)
            for c in chunks:
                yield batch_of(c)


if __name__ == "__main__":
    torch.set_num_threads(2)
    out = sys.argv[1]
    minutes = float(sys.argv[2])
    model = CRNN()
    print("params", sum(p.numel() for p in model.parameters()), flush=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ctc = nn.CTCLoss(blank=BLANK, zero_infinity=True)
    loader = torch.utils.data.DataLoader(Gen(FONTS, 32), batch_size=None, num_workers=1, prefetch_factor=4)
    random.seed(7)
    held = [sample(HELD_OUT_FONTS) for _ in range(200)]
    start = time.time()
    step = 0
    total = minutes * 60
    for x, lens, tg, tl in loader:
        el = time.time() - start
        if el > total:
            break
        for g in opt.param_groups:
            g["lr"] = 1e-3 * (0.5 * (1 + math.cos(math.pi * min(1, el / total))) * 0.95 + 0.05)
        model.train()
        lp = model(x)
        loss = ctc(lp.permute(1, 0, 2), tg, lens, tl)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 5)
        opt.step()
        step += 1
        if step % 100 == 0:
            model.eval()
            with torch.no_grad():
                right = 0
                for a, t in held:
                    p = model(torch.from_numpy(a)[None, None])[0]
                    right += greedy(p) == "".join(CHARS[c] if c < 40 else "?" for c in t).replace("  ", " ")
            print(f"step {step} {el/60:.1f} min loss {loss.item():.3f} held-out-font lines exact {right}/{len(held)}", flush=True)
            torch.save(model.state_dict(), out + ".pt")
    torch.save(model.state_dict(), out + ".pt")
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 1, H, 256), out + ".onnx", input_names=["x"], output_names=["logp"],
                      dynamic_axes={"x": {0: "n", 3: "w"}, "logp": {0: "n", 1: "t"}}, opset_version=13)
    print("saved", flush=True)
