func.func @f(%n: index) {
  %h, %f = ta.create %n : !ta.handle<?, tensor<2x
