export { NumericInput, type NumericInputProps } from './NumericInput.tsx';
export { OtpBoxes, emptyOtp, otpText, clearFirstFour, type OtpBoxesProps, type OtpBoxesControl } from './OtpBoxes.tsx';
export { ResendOtp, RESEND_FREE_COUNT, RESEND_WAIT_SECONDS, type ResendOtpProps } from './ResendOtp.tsx';
export { DatePicker, type DatePickerProps } from './DatePicker.tsx';
export { TextInputDialog, openTextInputDialog, type TextInputOptions } from './TextInputDialog.tsx';
export { formatDdMmYyyy, parseDdMmYyyy, earliestPickable, DATE_PICKER_YEARS } from './date-format.ts';
