import type { Page } from "@playwright/test";

/**
 * Layout checks run inside the page (issue 12 §2): what overflows horizontally, which button or
 * link is hidden under another element, and whether a floating control lies over the content.
 */

export interface LayoutProblems {
  /** Elements reaching beyond the window's left or right edge (or the page scrolling sideways). */
  overflow: string[];
  /** Buttons and links whose centre belongs to another element (after scrolling them into view). */
  covered: string[];
  /** Fixed controls (offline toggle, details, chat button) over the scrolling content column. */
  floatingOverContent: string[];
}

/** Runs in the browser: no imports, no closures over test code. */
function probe(): LayoutProblems {
  const describe = (el: Element | null): string => {
    if (!el) return "(nichts)";
    const html = el as HTMLElement;
    const name =
      el.getAttribute("aria-label") ||
      el.getAttribute("data-testid") ||
      (html.innerText ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${name}"`;
  };
  const visible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false;
    if (el.closest("[aria-hidden='true'], [hidden], [inert]")) return false;
    return el.checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) ?? true;
  };
  /** Clipped on purpose by an ancestor that scrolls or hides sideways (truncated text, a scroller). */
  const clippedByAncestor = (el: Element): boolean => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (node.id === "main") return false;
      if (["hidden", "auto", "scroll", "clip"].includes(style.overflowX)) return true;
    }
    return false;
  };

  const width = document.documentElement.clientWidth;
  const overflow: string[] = [];
  if (document.documentElement.scrollWidth > width + 1) {
    overflow.push(`Seite ist ${document.documentElement.scrollWidth}px breit (Fenster ${width}px)`);
  }
  const main = document.getElementById("main");
  if (main && main.scrollWidth > main.clientWidth + 1) {
    overflow.push(`Inhalt ist ${main.scrollWidth}px breit (sichtbar ${main.clientWidth}px)`);
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!visible(el) || clippedByAncestor(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.right > width + 1 || rect.left < -1) {
      overflow.push(`${describe(el)} reicht von ${Math.round(rect.left)} bis ${Math.round(rect.right)}px`);
    }
    // A box spilling out of its parent (a long word pushing a card's heading past the card's edge),
    // unless it is positioned on its own or the parent clips or scrolls it on purpose.
    const parent = el.parentElement;
    const position = getComputedStyle(el).position;
    // A link or button drawn wider than its list item on purpose (negative margin, bigger tap area) is not spilling.
    const style = getComputedStyle(el);
    const pulledOut = Number.parseFloat(style.marginLeft) < 0 || Number.parseFloat(style.marginRight) < 0;
    if (
      parent &&
      parent !== document.body &&
      position !== "absolute" &&
      position !== "fixed" &&
      !pulledOut &&
      visible(parent)
    ) {
      const box = parent.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        overflow.push(
          `${describe(el)} ragt aus ${describe(parent)} (${Math.round(rect.left)}–${Math.round(rect.right)}px, Platz ${Math.round(box.left)}–${Math.round(box.right)}px)`,
        );
      }
    }
    // Text running out of its own box (a label wider than its tile), unless the box clips it on purpose.
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    const html = el as HTMLElement;
    if (ownText && html.clientWidth > 0 && html.scrollWidth > html.clientWidth + 1) {
      if (getComputedStyle(el).overflowX === "visible") {
        overflow.push(`Text von ${describe(el)} ist ${html.scrollWidth}px breit, Platz ${html.clientWidth}px`);
      }
    }
  }

  const covered: string[] = [];
  const controls = [...document.querySelectorAll("a[href], button, [role='button'], [role='switch'], [role='tab']")];
  for (const el of controls) {
    if (!visible(el)) continue;
    // Scrolled into the middle of its scroll area, as a tenant would before tapping it.
    el.scrollIntoView({ block: "center", inline: "nearest" });
    // A link wrapped over two lines: the middle of its first line, not of its bounding box.
    const rects = el.getClientRects();
    const rect = rects.length > 1 && rects[0] ? rects[0] : el.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x > width || y > window.innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === el || el.contains(hit)) continue;
    covered.push(`${describe(el)} liegt unter ${describe(hit)}`);
  }
  main?.scrollTo({ top: 0 });

  const floatingOverContent: string[] = [];
  const column = main?.firstElementChild?.getBoundingClientRect();
  const area = main?.getBoundingClientRect();
  if (column && area) {
    for (const el of document.querySelectorAll("body *")) {
      if (getComputedStyle(el).position !== "fixed" || !visible(el)) continue;
      if (el.closest("header, nav, [role='dialog'], [role='alertdialog'], [role='region'], [role='tooltip']")) continue;
      if (el.querySelector("header, nav, main")) continue;
      const rect = el.getBoundingClientRect();
      const overlapsX = rect.left < column.right && rect.right > column.left;
      const overlapsY = rect.top < area.bottom && rect.bottom > area.top;
      if (overlapsX && overlapsY) floatingOverContent.push(`${describe(el)} liegt über dem Inhalt`);
    }
  }
  return { overflow, covered, floatingOverContent };
}

export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(probe);
}

/**
 * Where the text of an element wraps: for each line break the characters on both sides. Used to
 * check that an e-mail address never breaks in the middle of a word.
 */
export async function lineBreaks(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element) => {
    const text = element.textContent ?? "";
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? "";
      for (let i = 0; i < value.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: value[i]!, top: Math.round(rect.top) });
      }
    }
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i++) {
      if (chars[i]!.top > chars[i - 1]!.top + 2) breaks.push(`${chars[i - 1]!.char}|${chars[i]!.char}`);
    }
    return text ? breaks : [];
  });
}
