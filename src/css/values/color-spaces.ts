/**
 * CSS Color 4/5 colour spaces to sRGB. In: lab()/lch()/oklab()/oklch()/color()/color-mix()
 * arguments as numbers. Out: sRGB channels 0–255 (clipped to the gamut), alpha 0–1.
 *
 * Conversions follow css-color-4 §18 (sample code): Lab is D50 (Bradford-adapted to D65 for
 * sRGB), OKLab uses the LMS matrices of §18.3; color-mix() (css-color-5 §2) interpolates with
 * premultiplied alpha in the named space. Out-of-gamut results are clipped per channel.
 */

type Vec3 = [number, number, number];

const mul = (m: readonly number[], v: Vec3): Vec3 => [
  m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
  m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
  m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
];

/** sRGB transfer function: linear light -> gamma-encoded, 0–1 (css-color-4 §10.2). */
export const gam = (c: number): number => {
  const a = Math.abs(c);
  return a > 0.0031308 ? Math.sign(c) * (1.055 * Math.pow(a, 1 / 2.4) - 0.055) : 12.92 * c;
};
/** sRGB inverse transfer function: gamma-encoded -> linear light, 0–1. */
export const lin = (c: number): number => {
  const a = Math.abs(c);
  return a <= 0.04045 ? c / 12.92 : Math.sign(c) * Math.pow((a + 0.055) / 1.055, 2.4);
};

const XYZ_D65_TO_LIN_SRGB = [
  3.2409699419045226, -1.537383177570094, -0.4986107602930034,
  -0.9692436362808796, 1.8759675015077202, 0.04155505740717559,
  0.05563007969699366, -0.20397695888897652, 1.0569715142428786,
];
const LIN_SRGB_TO_XYZ_D65 = [
  0.41239079926595934, 0.357584339383878, 0.1804807884018343,
  0.21263900587151027, 0.715168678767756, 0.07219231536073371,
  0.01933081871559182, 0.11919477979462598, 0.9505321522496607,
];
const D50_TO_D65 = [
  0.955473421488075, -0.02309845494876471, 0.06325924320057072,
  -0.0283697093338637, 1.0099953980813041, 0.021041441191917323,
  0.012314014864481998, -0.020507649298898964, 1.330365926242124,
];
const D65_TO_D50 = [
  1.0479297925449969, 0.022946870601609652, -0.05019226628920524,
  0.02962780877005599, 0.9904344267538799, -0.017073799063418826,
  -0.009243040646204504, 0.015055191490298152, 0.7518742814281371,
];
const P3_TO_XYZ_D65 = [
  0.4865709486482162, 0.26566769316909306, 0.1982172852343625,
  0.2289745640697488, 0.6917385218365064, 0.079286914093745,
  0, 0.04511338185890264, 1.043944368900976,
];
const OKLAB_TO_LMS = [
  1, 0.3963377773761749, 0.2158037573099136,
  1, -0.1055613458156586, -0.0638541728258133,
  1, -0.0894841775298119, -1.2914855480194092,
];
const LMS_TO_LIN_SRGB = [
  4.0767416360759583, -3.3077115392580629, 0.2309699031821043,
  -1.2684379732850315, 2.6097573492876882, -0.3413193760026570,
  -0.0041960761386756, -0.7034186179359363, 1.7076146940746117,
];
const LIN_SRGB_TO_LMS = [
  0.4122214694707629, 0.5363325372617349, 0.0514459932675022,
  0.2119034958178251, 0.6806995506452344, 0.1073969535369406,
  0.0883024591900564, 0.2817188391361215, 0.6299787016738221,
];
const LMS_TO_OKLAB = [
  0.2104542683093140, 0.7936177747023054, -0.0040720430116193,
  1.9779985324311684, -2.4285922420485799, 0.4505937096174110,
  0.0259040424655578, 0.7827717124575296, -0.8086757548750906,
];
const D50_WHITE: Vec3 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];

/** CIE Lab (D50) -> linear sRGB. */
export function labToLinSrgb(L: number, a: number, b: number): Vec3 {
  const k = 24389 / 27, e = 216 / 24389;
  const f1 = (L + 16) / 116, f0 = a / 500 + f1, f2 = f1 - b / 200;
  const x = Math.pow(f0, 3) > e ? Math.pow(f0, 3) : (116 * f0 - 16) / k;
  const y = L > k * e ? Math.pow((L + 16) / 116, 3) : L / k;
  const z = Math.pow(f2, 3) > e ? Math.pow(f2, 3) : (116 * f2 - 16) / k;
  const xyz50: Vec3 = [x * D50_WHITE[0], y * D50_WHITE[1], z * D50_WHITE[2]];
  return mul(XYZ_D65_TO_LIN_SRGB, mul(D50_TO_D65, xyz50));
}

/** Linear sRGB -> CIE Lab (D50). */
export function linSrgbToLab(c: Vec3): Vec3 {
  const xyz = mul(D65_TO_D50, mul(LIN_SRGB_TO_XYZ_D65, c));
  const k = 24389 / 27, e = 216 / 24389;
  const f = xyz.map((v, i) => { const r = v / D50_WHITE[i]; return r > e ? Math.cbrt(r) : (k * r + 16) / 116; });
  return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
}

/** OKLab -> linear sRGB. */
export function oklabToLinSrgb(L: number, a: number, b: number): Vec3 {
  const lms = mul(OKLAB_TO_LMS, [L, a, b]).map((v) => v * v * v) as Vec3;
  return mul(LMS_TO_LIN_SRGB, lms);
}

/** Linear sRGB -> OKLab. */
export function linSrgbToOklab(c: Vec3): Vec3 {
  const lms = mul(LIN_SRGB_TO_LMS, c).map(Math.cbrt) as Vec3;
  return mul(LMS_TO_OKLAB, lms);
}

/** Display P3 (gamma-encoded 0–1) -> linear sRGB. */
export function p3ToLinSrgb(r: number, g: number, b: number): Vec3 {
  return mul(XYZ_D65_TO_LIN_SRGB, mul(P3_TO_XYZ_D65, [lin(r), lin(g), lin(b)]));
}

/** Polar (C, H in degrees) -> rectangular (a, b). */
export function polarToRect(c: number, h: number): [number, number] {
  const r = (h * Math.PI) / 180;
  return [c * Math.cos(r), c * Math.sin(r)];
}

/** Linear sRGB -> gamma-encoded 0–255 channels, clipped to the gamut. */
export function linToRgb255(c: Vec3): Vec3 {
  return c.map((v) => Math.min(255, Math.max(0, gam(v) * 255))) as Vec3;
}
