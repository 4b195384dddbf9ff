import type { Ref } from "react";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen
 * readers) but form-filling bots do; the server refuses submissions that fill it.
 */
export function HoneypotField({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave this empty)
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
