// Simple tool pictograms for the generated product and category images, drawn in a 100×100 box.
export const PICTOGRAMS = [
  'drill',
  'screwdriver',
  'grinder',
  'saw',
  'pliers',
  'wrench',
  'hammer',
  'level',
  'caliper',
  'laser',
  'screw',
  'nut',
  'plug',
  'rivet',
  'bit',
  'battery',
  'disc',
  'bench',
  'trolley',
  'shelf',
  'box',
  'vice',
  'glove',
  'glasses',
  'earmuff',
  'boot',
  'compressor',
  'airgun',
  'hose',
] as const;
export type Pictogram = (typeof PICTOGRAMS)[number];

/** SVG markup for one pictogram; `fg` fills the shapes, `accent` marks a detail, `bg` cuts holes. */
export function pictogramShapes(kind: Pictogram, fg: string, accent: string, bg: string): string {
  const f = `fill="${fg}"`;
  const a = `fill="${accent}"`;
  const h = `fill="${bg}"`;
  const s = (c: string, w = 4) =>
    `fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'drill':
      return `<rect x="14" y="24" width="54" height="22" rx="7" ${f}/><rect x="34" y="44" width="17" height="32" rx="5" ${f}/><rect x="28" y="74" width="30" height="12" rx="3" ${a}/><rect x="68" y="29" width="10" height="12" rx="2" ${a}/><rect x="78" y="33" width="18" height="4" rx="1" ${f}/>`;
    case 'screwdriver':
      return `<g transform="rotate(-40 50 50)"><rect x="8" y="40" width="34" height="20" rx="8" ${a}/><rect x="42" y="46" width="40" height="8" ${f}/><path d="M82 46 L94 50 L82 54Z" ${f}/></g>`;
    case 'grinder':
      return `<rect x="10" y="40" width="52" height="20" rx="9" ${f}/><rect x="28" y="30" width="8" height="12" rx="2" ${f}/><circle cx="72" cy="50" r="20" ${a}/><circle cx="72" cy="50" r="4" ${h}/><path d="M54 30 A22 22 0 0 1 92 40" ${s(fg, 5)}/>`;
    case 'saw':
      return `<path d="M10 34 H86 L80 62 H10Z" ${f}/><path d="M10 62 ${Array.from({ length: 9 }, (_, i) => `L${14 + i * 8} 70 L${18 + i * 8} 62`).join(' ')}" ${a}/><rect x="4" y="28" width="20" height="40" rx="6" ${a}/><rect x="9" y="38" width="10" height="18" rx="3" ${h}/>`;
    case 'pliers':
      return `<path d="M22 92 L44 50 L40 20 L48 18 L52 48 Z" ${f}/><path d="M78 92 L56 50 L60 20 L52 18 L48 48 Z" ${a}/><circle cx="50" cy="50" r="5" ${h}/>`;
    case 'wrench':
      return `<g transform="rotate(-45 50 50)"><rect x="22" y="44" width="56" height="12" rx="4" ${f}/><circle cx="20" cy="50" r="14" ${f}/><rect x="8" y="45" width="14" height="10" ${h}/><circle cx="82" cy="50" r="12" ${a}/><circle cx="82" cy="50" r="6" ${h}/></g>`;
    case 'hammer':
      return `<g transform="rotate(-30 50 50)"><rect x="46" y="30" width="9" height="62" rx="3" ${a}/><path d="M22 16 H78 V32 H30 L22 26Z" ${f}/></g>`;
    case 'level':
      return `<rect x="6" y="38" width="88" height="24" rx="3" ${f}/><rect x="40" y="42" width="20" height="16" rx="3" ${h}/><ellipse cx="50" cy="50" rx="6" ry="4" ${a}/><rect x="14" y="44" width="8" height="12" rx="2" ${h}/><rect x="78" y="44" width="8" height="12" rx="2" ${h}/>`;
    case 'caliper':
      return `<rect x="8" y="36" width="84" height="12" ${f}/><path d="M12 36 V80 L20 72 V36Z" ${f}/><path d="M40 30 H56 V48 H52 V74 L46 66 V48 H40Z" ${a}/>${Array.from({ length: 10 }, (_, i) => `<rect x="${60 + i * 3}" y="38" width="1" height="5" ${h}/>`).join('')}`;
    case 'laser':
      return `<rect x="14" y="36" width="38" height="36" rx="6" ${f}/><circle cx="40" cy="54" r="6" ${h}/><path d="M52 54 H96" ${s(accent, 3)}/><path d="M52 54 L96 34 M52 54 L96 74" ${s(accent, 1.5)}/>`;
    case 'screw':
      return `<path d="M28 14 H72 L66 26 H34Z" ${f}/><path d="M40 26 H60 V80 L50 94 L40 80Z" ${f}/>${Array.from({ length: 7 }, (_, i) => `<path d="M38 ${32 + i * 7} L62 ${29 + i * 7}" ${s(accent, 2.5)}/>`).join('')}`;
    case 'nut':
      return `<path d="M50 10 L85 30 V70 L50 90 L15 70 V30Z" ${f}/><circle cx="50" cy="50" r="18" ${h}/><circle cx="50" cy="50" r="18" ${s(accent, 3)}/>`;
    case 'plug':
      return `<rect x="16" y="38" width="68" height="24" rx="6" ${f}/><rect x="8" y="34" width="10" height="32" rx="3" ${a}/>${Array.from({ length: 6 }, (_, i) => `<rect x="${26 + i * 9}" y="38" width="3" height="24" ${h}/>`).join('')}`;
    case 'rivet':
      return `<path d="M20 40 Q50 10 80 40Z" ${f}/><rect x="40" y="40" width="20" height="36" ${f}/><rect x="47" y="20" width="6" height="74" rx="2" ${a}/>`;
    case 'bit':
      return `<rect x="8" y="44" width="30" height="12" rx="2" ${a}/><rect x="38" y="45" width="46" height="10" ${f}/><path d="M84 45 L96 50 L84 55Z" ${f}/>${Array.from({ length: 6 }, (_, i) => `<path d="M${42 + i * 7} 45 L${46 + i * 7} 55" ${s(bg, 2)}/>`).join('')}`;
    case 'battery':
      return `<rect x="18" y="26" width="64" height="56" rx="8" ${f}/><rect x="32" y="18" width="36" height="10" rx="3" ${f}/><path d="M54 36 L40 56 H50 L46 72 L62 50 H52Z" ${a}/>`;
    case 'disc':
      return `<circle cx="50" cy="50" r="40" ${f}/><circle cx="50" cy="50" r="30" ${s(accent, 3)}/><circle cx="50" cy="50" r="10" ${h}/>`;
    case 'bench':
      return `<rect x="6" y="30" width="88" height="10" rx="2" ${a}/><rect x="12" y="40" width="8" height="48" ${f}/><rect x="80" y="40" width="8" height="48" ${f}/><rect x="12" y="68" width="76" height="6" ${f}/><rect x="40" y="42" width="36" height="20" rx="2" ${f}/>`;
    case 'trolley':
      return `<rect x="18" y="12" width="64" height="70" rx="4" ${f}/>${[0, 1, 2, 3].map((i) => `<rect x="24" y="${18 + i * 15}" width="52" height="11" rx="2" ${a}/><rect x="44" y="${22 + i * 15}" width="12" height="3" rx="1" ${h}/>`).join('')}<circle cx="28" cy="88" r="6" ${f}/><circle cx="72" cy="88" r="6" ${f}/>`;
    case 'shelf':
      return `<rect x="14" y="8" width="6" height="86" ${f}/><rect x="80" y="8" width="6" height="86" ${f}/>${[0, 1, 2, 3].map((i) => `<rect x="14" y="${18 + i * 22}" width="72" height="5" ${f}/><rect x="${24 + i * 9}" y="${6 + i * 22}" width="18" height="12" rx="2" ${a}/>`).join('')}`;
    case 'box':
      return `<rect x="10" y="24" width="80" height="56" rx="6" ${f}/>${[0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => `<rect x="${16 + c * 18}" y="${30 + r * 16}" width="14" height="12" rx="2" ${c === r ? `fill="${accent}"` : h}/>`)).join('')}<rect x="38" y="16" width="24" height="10" rx="4" ${f}/>`;
    case 'vice':
      return `<rect x="14" y="70" width="72" height="12" rx="2" ${f}/><rect x="20" y="34" width="22" height="36" ${f}/><rect x="50" y="40" width="26" height="30" ${f}/><rect x="40" y="30" width="6" height="12" ${a}/><rect x="48" y="30" width="6" height="12" ${a}/><rect x="76" y="50" width="18" height="6" ${a}/><rect x="90" y="40" width="5" height="26" rx="2" ${a}/>`;
    case 'glove':
      return `<path d="M30 92 V50 L22 34 Q20 28 26 28 L36 42 V14 Q36 10 41 10 Q46 10 46 14 V38 V10 Q46 6 51 6 Q56 6 56 10 V38 V14 Q56 10 61 10 Q66 10 66 14 V40 V22 Q66 18 71 18 Q76 18 76 22 V62 Q76 80 70 92Z" ${f}/><rect x="28" y="80" width="44" height="12" rx="2" ${a}/>`;
    case 'glasses':
      return `<path d="M8 40 Q50 30 92 40 V52 Q92 70 72 70 Q56 70 54 54 Q50 48 46 54 Q44 70 28 70 Q8 70 8 52Z" ${f}/><path d="M14 44 Q30 38 44 46 Q44 64 28 64 Q14 64 14 50Z" ${a}/><path d="M86 44 Q70 38 56 46 Q56 64 72 64 Q86 64 86 50Z" ${a}/>`;
    case 'earmuff':
      return `<path d="M22 56 V44 Q22 12 50 12 Q78 12 78 44 V56" ${s(fg, 7)}/><rect x="12" y="48" width="22" height="38" rx="10" ${a}/><rect x="66" y="48" width="22" height="38" rx="10" ${a}/>`;
    case 'boot':
      return `<path d="M26 10 H56 V56 L86 66 Q94 70 92 80 V84 H18 V20 Q18 10 26 10Z" ${f}/><rect x="18" y="84" width="74" height="8" rx="2" ${a}/><path d="M56 60 Q74 62 88 70" ${s(bg, 2)}/>`;
    case 'compressor':
      return `<rect x="10" y="44" width="80" height="34" rx="17" ${f}/><rect x="30" y="22" width="34" height="22" rx="3" ${a}/><circle cx="76" cy="30" r="9" ${f}/><circle cx="76" cy="30" r="5" ${h}/><circle cx="24" cy="86" r="7" ${f}/><circle cx="76" cy="86" r="7" ${f}/>`;
    case 'airgun':
      return `<path d="M10 30 H76 Q84 30 84 38 V44 H40 L34 84 Q33 88 28 88 H20 Q16 88 17 84 L22 44 H10Z" ${f}/><rect x="84" y="34" width="12" height="6" ${a}/><path d="M26 88 Q26 96 40 96 H80" ${s(accent, 3)}/>`;
    case 'hose':
      return `<circle cx="50" cy="50" r="36" ${s(fg, 7)}/><circle cx="50" cy="50" r="24" ${s(fg, 7)}/><circle cx="50" cy="50" r="12" ${s(fg, 7)}/><rect x="78" y="46" width="18" height="10" rx="2" ${a}/>`;
  }
}
