// Cross-site scripting payloads for the XSS suite. Each one, if a page ever ran it, calls
// `__xss(<its id>)` (a binding the suite exposes) or `alert(<its id>)` (the suite records dialogs), so
// an execution names the payload that got through. `§` in a template stands for the id.
//
// Sources, adapted to call the recorder: the OWASP XSS Filter Evasion Cheat Sheet
// (cheatsheetseries.owasp.org), PortSwigger's XSS cheat sheet (portswigger.net/web-security/
// cross-site-scripting/cheat-sheet: event handlers that fire without interaction), the HTML5 Security
// Cheatsheet (html5sec.org: svg/math/namespace confusion), PayloadsAllTheThings "XSS Injection"
// (polyglots, encodings, template injection), and 0xSobky's and Mario Heiderich's polyglots.

const CALL = '__xss(§)';

/** Vectors that run on their own once parsed as HTML (no click needed). */
const ELEMENTS: readonly string[] = [
  `<script>${CALL}</script>`,
  `<SCRIPT>${CALL}</SCRIPT>`,
  `<script >${CALL}</script >`,
  `<script/x>${CALL}</script>`,
  `<script src="data:text/javascript,${CALL}"></script>`,
  `<script>/*</script><script>*/${CALL}</script>`,
  `<img src=x onerror=${CALL}>`,
  `<img src=x onerror="${CALL}">`,
  `<img src=x onerror='${CALL}'>`,
  `<IMG SRC=x OnErRoR=${CALL}>`,
  `<img/src=x/onerror=${CALL}>`,
  `<img src=x:x onerror=${CALL}//`,
  `<img src onerror=${CALL}>`,
  `<image src=x onerror=${CALL}>`,
  `<svg onload=${CALL}>`,
  `<svg/onload=${CALL}>`,
  `<svg><script>${CALL}</script></svg>`,
  `<svg><animate onbegin=${CALL} attributeName=x dur=1s>`,
  `<svg><set onbegin=${CALL} attributename=x to=1>`,
  `<svg><a><animate attributeName=href values=javascript:${CALL} /><text x=20 y=20>x</text></a></svg>`,
  `<svg><foreignObject><iframe srcdoc="<script>parent.${CALL}</script>"></iframe></foreignObject></svg>`,
  `<svg><style>@import'data:,'</style><img src=x onerror=${CALL}></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${CALL}>`,
  `<math><mi xlink:href="javascript:${CALL}">x</mi></math>`,
  `<math><maction actiontype=statusline xlink:href=javascript:${CALL}>x</maction></math>`,
  `<body onload=${CALL}>`,
  `<body onpageshow=${CALL}>`,
  `<iframe src="javascript:parent.${CALL}"></iframe>`,
  `<iframe srcdoc="<img src=x onerror=parent.${CALL}>"></iframe>`,
  `<iframe onload=${CALL}></iframe>`,
  `<object data="javascript:parent.${CALL}"></object>`,
  `<embed src="javascript:parent.${CALL}">`,
  `<video><source onerror=${CALL}></video>`,
  `<video src=x onerror=${CALL}></video>`,
  `<audio src=x onerror=${CALL}></audio>`,
  `<input autofocus onfocus=${CALL}>`,
  `<select autofocus onfocus=${CALL}></select>`,
  `<textarea autofocus onfocus=${CALL}></textarea>`,
  `<keygen autofocus onfocus=${CALL}>`,
  `<details open ontoggle=${CALL}>`,
  `<marquee onstart=${CALL}>x</marquee>`,
  `<div style="animation-name:spin" onanimationstart=${CALL}>`,
  `<style>@keyframes x{}</style><div style="animation-name:x" onanimationend=${CALL}></div>`,
  `<link rel=stylesheet href=x onerror=${CALL}>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${CALL}">`,
  `<base href="javascript:${CALL}//">`,
  `<form><button formaction=javascript:${CALL}>x</button></form>`,
  `<isindex type=image src=1 onerror=${CALL}>`,
  `<x contenteditable onfocus=${CALL} autofocus>x</x>`,
  `<object data="data:text/html,<script>parent.${CALL}</script>"></object>`,
  `<template><img src=x onerror=${CALL}></template><div id=t></div>`,
  `<noscript><p title="</noscript><img src=x onerror=${CALL}>">`,
  `<style><img src=x onerror=${CALL}></style>`,
  `<table background="javascript:${CALL}">`,
  `<a href="javascript:${CALL}" id=xss§>x</a>`,
  `<a href="jAvAsCrIpT:${CALL}">x</a>`,
  `<a href=" &#14;javascript:${CALL}">x</a>`,
  `<a href="java&#x09;script:${CALL}">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${CALL}">x</a>`,
  `<a href="data:text/html,<script>parent.${CALL}</script>">x</a>`,
  `<a href="vbscript:${CALL}">x</a>`,
  `<img src="javascript:${CALL}">`,
  `<img dynsrc="javascript:${CALL}">`,
  `<img src=\`x\` onerror=${CALL}>`,
  `<img src=x onerror=eval(atob('X194c3Mo§KQ=='))>`,
  `<img src=x onerror=window['__x'+'ss'](§)>`,
  `<img src=x onerror=top[String.fromCharCode(95,95,120,115,115)](§)>`,
  `<img src=x onerror=\u0061lert(§)>`,
  `<img src=x onerror=alert(§)>`,
  `<script>alert(§)</script>`,
  `<svg onload=alert(§)>`,
];

/** Breaking out of the context a value might land in: an attribute, a title, a script string, a textarea. */
const BREAKOUTS: readonly string[] = [
  `"><script>${CALL}</script>`,
  `'><script>${CALL}</script>`,
  `"><img src=x onerror=${CALL}>`,
  `'><img src=x onerror=${CALL}>`,
  `" onmouseover="${CALL}" x="`,
  `' onmouseover='${CALL}' x='`,
  `" autofocus onfocus="${CALL}" x="`,
  `" onfocus=${CALL} autofocus "`,
  `</title><script>${CALL}</script>`,
  `</title><img src=x onerror=${CALL}>`,
  `</textarea><script>${CALL}</script>`,
  `</textarea><img src=x onerror=${CALL}>`,
  `</script><script>${CALL}</script>`,
  `</script><img src=x onerror=${CALL}>`,
  `</style><script>${CALL}</script>`,
  `</noscript><img src=x onerror=${CALL}>`,
  `</option></select><img src=x onerror=${CALL}>`,
  `</h1><img src=x onerror=${CALL}>`,
  `</a><img src=x onerror=${CALL}>`,
  `--><script>${CALL}</script>`,
  `]]><script>${CALL}</script>`,
  `';${CALL};//`,
  `";${CALL};//`,
  `\\';${CALL};//`,
  `\`;${CALL};//`,
  `\${${CALL}}`,
  `</script><svg onload=${CALL}>`,
  `"}]</script><script>${CALL}</script>`,
  `<!--<img src="--><img src=x onerror=${CALL}//">`,
  `<![CDATA[><img src=x onerror=${CALL}>]]>`,
];

/** Template, markdown and framework-ish injections: harmless unless something evaluates them. */
const TEMPLATES: readonly string[] = [
  `{{constructor.constructor('${CALL}')()}}`,
  `{{$on.constructor('${CALL}')()}}`,
  `\${${CALL}}`,
  `#{${CALL}}`,
  `<%= ${CALL} %>`,
  `{{${CALL}}}`,
  `[x](javascript:${CALL})`,
  `[x](javascript&#58;${CALL})`,
  `![x](x" onerror="${CALL})`,
  `<a href="[x](javascript:${CALL})">x</a>`,
  `<div v-html="'<img src=x onerror=${CALL}>'"></div>`,
  `<div dangerouslySetInnerHTML={{__html:'<img src=x onerror=${CALL}>'}}></div>`,
  `<div x-data x-init="${CALL}"></div>`,
  `<div ng-app ng-csp><div ng-focus="${CALL}" tabindex=0 autofocus>x</div></div>`,
  `javascript:${CALL}`,
  `javascript://%0a${CALL}`,
  `data:text/html,<script>${CALL}</script>`,
];

/** Polyglots: valid in several contexts at once. */
const POLYGLOTS: readonly string[] = [
  `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=${CALL} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=${CALL}//>\\x3e`,
  `'"--></style></script><script>${CALL}</script>`,
  `'"><svg/onload=${CALL}>`,
  `"'><img src=x onerror=${CALL}><"'`,
  `</script><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+${CALL}//'>`,
  `-->'"/></sCript><deTailS open x=">" ontoggle=(${CALL})>`,
  `<<script>${CALL};//<</script>`,
  `<scr<script>ipt>${CALL}</scr</script>ipt>`,
  `<img """><script>${CALL}</script>">`,
  `<a href="\\x3cscript\\x3e${CALL}\\x3c/script\\x3e">x</a>`,
];

/** Encoded variants: percent, entity, unicode escapes, full-width and overlong forms. */
const ENCODED: readonly string[] = [
  `%3Cscript%3E${CALL}%3C/script%3E`,
  `%253Cscript%253E${CALL}%253C/script%253E`,
  `&lt;script&gt;${CALL}&lt;/script&gt;`,
  `&#60;script&#62;${CALL}&#60;/script&#62;`,
  `&#x3C;img src=x onerror=${CALL}&#x3E;`,
  `\\u003cscript\\u003e${CALL}\\u003c/script\\u003e`,
  `\\x3cimg src=x onerror=${CALL}\\x3e`,
  `＜script＞${CALL}＜/script＞`,
  `\u003cimg src=x onerror=${CALL}\u003e`,
  `<img src=x onerror=&#95;&#95;xss(§)>`,
  `<img src=x onerror=&#x5f;&#x5f;xss&#40;§&#41;>`,
  `<svg><script>&#95;&#95;xss(§)</script></svg>`,
  `<svg><script>__xss&#40;§&#41;</script></svg>`,
  `<img src=x onerror=\\u005f\\u005fxss(§)>`,
  `<a href="javascript&colon;${CALL}">x</a>`,
  `<a href="javas&Tab;cript:${CALL}">x</a>`,
  `<a href="javas&NewLine;cript:${CALL}">x</a>`,
  `<a href="%6A%61%76%61%73%63%72%69%70%74:${CALL}">x</a>`,
  `<img src=x onerror="&#0000095&#0000095xss(§)">`,
  `+ADw-script+AD4-${CALL}+ADw-/script+AD4-`,
  `\u00BCscript\u00BE${CALL}\u00BC/script\u00BE`,
  `<scr\u0000ipt>${CALL}</scr\u0000ipt>`,
  `<img src=x\u000Bonerror=${CALL}>`,
  `<img\u000Csrc=x\u000Conerror=${CALL}>`,
  `<img src=x onerror\u0009=${CALL}>`,
];

/** Every base vector in its own form, plus each element vector behind each of a few prefixes that close contexts. */
function expand(): string[] {
  const base = [...ELEMENTS, ...BREAKOUTS, ...TEMPLATES, ...POLYGLOTS, ...ENCODED];
  const prefixes = ['">', "'>", '</title>', '</textarea>'];
  const prefixed = ELEMENTS.map((vector, i) => `${prefixes[i % prefixes.length]}${vector}`);
  return [...new Set([...base, ...prefixed])];
}

const TEMPLATES_WITH_ID = expand();

interface XssPayload {
  id: number;
  text: string;
}

/** The payloads, each with its id filled in (ids start at 1000, so no other number on a page looks like one). */
export const XSS_PAYLOADS: readonly XssPayload[] = TEMPLATES_WITH_ID.map((template, i) => ({
  id: 1000 + i,
  text: template.replaceAll('§', String(1000 + i)),
}));

/**
 * The payloads as a database column holds them: PostgreSQL text cannot hold NUL, so it becomes U+FFFD
 * (the request schemas refuse NUL anyway; the payload's other tricks stay).
 */
export const STORABLE_PAYLOADS: readonly XssPayload[] = XSS_PAYLOADS.map((p) => ({
  ...p,
  text: p.text.replaceAll('\u0000', '\uFFFD'),
}));

/**
 * The payloads cut into bundles of at most `maxLength` characters (one payload per bundle when a
 * payload alone is longer), for fields that show one text: fewer page loads, every payload shown.
 */
export function bundles(maxLength: number, payloads: readonly XssPayload[] = STORABLE_PAYLOADS): string[] {
  const out: string[] = [];
  let current = '';
  for (const { text } of payloads) {
    if (current && current.length + 1 + text.length > maxLength) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${text}` : text;
  }
  if (current) out.push(current);
  return out;
}
